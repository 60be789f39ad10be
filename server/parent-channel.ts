// The API process's line to its supervisor: Node IPC when forked (headless), the parent port when
// started by Electron's utilityProcess (desktop). Same messages either way.
import type { ApiProcessMessage } from './ipc-protocol.js';

interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

export interface ParentChannel {
  readonly kind: 'utility-process' | 'node-ipc' | 'none';
  send(message: ApiProcessMessage): void;
  onMessage(listener: (message: unknown) => void): void;
  /** The supervisor went away (Node IPC only: a utility process is reaped with its parent). */
  onDisconnect(listener: () => void): void;
}

export function parentChannel(host: NodeJS.Process = process): ParentChannel {
  const port = (host as NodeJS.Process & { parentPort?: ParentPortLike | null }).parentPort;
  if (port) {
    return {
      kind: 'utility-process',
      send: (message) => port.postMessage(message),
      onMessage: (listener) => void port.on('message', (event) => listener(event.data)),
      onDisconnect: () => undefined,
    };
  }
  return {
    kind: host.send ? 'node-ipc' : 'none',
    send: (message) => {
      if (host.send && host.connected) host.send(message);
    },
    onMessage: (listener) => void host.on('message', listener),
    onDisconnect: (listener) => void host.on('disconnect', listener),
  };
}
