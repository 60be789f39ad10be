// In-memory fan-out to this process's WebSocket clients: each event goes only to the clients whose
// viewport it falls in. A client that cannot keep up (send buffer over the cap) is dropped.
import type { WebSocket } from 'ws';
import type { Bbox } from '../http/query-params.js';
import type { LiveEvent } from '../events/event-schemas.js';
import type { ServerMessage } from './live-messages.js';
import { bboxesIntersect } from './viewport.js';

export const SLOW_CLIENT_CLOSE_CODE = 4008;

interface LiveClient {
  socket: WebSocket;
  viewport: Bbox | null;
  /** Frames waiting for this tick's flush, and their size. */
  queue: string[];
  queuedBytes: number;
}

/** ws keeps its net.Socket private; corking it turns a tick's frames into one write. */
function rawSocketOf(socket: WebSocket): { cork(): void; uncork(): void } | undefined {
  return (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
}

export interface LiveHubStats {
  clients: number;
  sent: number;
  droppedClients: number;
}


export class LiveHub {
  private readonly clients = new Map<WebSocket, LiveClient>();
  private readonly stats = { sent: 0, droppedClients: 0 };
  private readonly dirty = new Set<LiveClient>();
  private flushScheduled = false;

  constructor(private readonly maxBufferedBytes: number) {}

  add(socket: WebSocket): void {
    this.clients.set(socket, { socket, viewport: null, queue: [], queuedBytes: 0 });
    socket.once('close', () => this.clients.delete(socket));
  }

  setViewport(socket: WebSocket, viewport: Bbox): void {
    const client = this.clients.get(socket);
    if (client) client.viewport = viewport;
  }

  /** Sends an event to every client whose current viewport intersects it. */
  publishEvent(event: LiveEvent): void {
    if (!event.bbox) return;
    let encoded: string | null = null;
    for (const client of this.clients.values()) {
      if (!client.viewport || !bboxesIntersect(client.viewport, event.bbox)) continue;
      encoded ??= JSON.stringify({ type: 'event', event } satisfies ServerMessage);
      this.send(client, encoded);
    }
  }

  /** Sends to every client (alerts, health). */
  broadcast(message: ServerMessage): void {
    const encoded = JSON.stringify(message);
    for (const client of this.clients.values()) this.send(client, encoded);
  }

  sendTo(socket: WebSocket, message: ServerMessage): void {
    const client = this.clients.get(socket);
    if (client) this.send(client, JSON.stringify(message));
  }

  snapshot(): LiveHubStats {
    return { clients: this.clients.size, ...this.stats };
  }

  closeAll(): void {
    for (const client of this.clients.values()) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  private send(client: LiveClient, encoded: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount + client.queuedBytes + encoded.length > this.maxBufferedBytes) {
      // Never grow without limit: a client this far behind reconnects and reloads its view.
      this.drop(client);
      return;
    }
    client.queue.push(encoded);
    client.queuedBytes += encoded.length;
    this.dirty.add(client);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Writes each client's frames of this tick in one go. */
  private flush(): void {
    this.flushScheduled = false;
    for (const client of this.dirty) {
      const frames = client.queue;
      client.queue = [];
      client.queuedBytes = 0;
      if (client.socket.readyState !== client.socket.OPEN) continue;
      const raw = rawSocketOf(client.socket);
      raw?.cork();
      for (const frame of frames) client.socket.send(frame);
      raw?.uncork();
      this.stats.sent += frames.length;
    }
    this.dirty.clear();
  }

  private drop(client: LiveClient): void {
    this.clients.delete(client.socket);
    this.dirty.delete(client);
    client.queue = [];
    this.stats.droppedClients += 1;
    client.socket.close(SLOW_CLIENT_CLOSE_CODE, 'client too slow');
    // A peer that stopped reading may never complete the close handshake.
    setTimeout(() => client.socket.terminate(), 2_000).unref();
  }
}
