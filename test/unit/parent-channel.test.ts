// The API process talks to its supervisor over Electron's parent port when there is one, else Node IPC.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { parentChannel } from '../../server/parent-channel.js';

describe('parentChannel', () => {
  it('uses the utility-process parent port, unwrapping message events', () => {
    const port = Object.assign(new EventEmitter(), { sent: [] as unknown[], postMessage(message: unknown) { this.sent.push(message); } });
    const host = Object.assign(new EventEmitter(), { parentPort: port }) as unknown as NodeJS.Process;
    const channel = parentChannel(host);
    expect(channel.kind).toBe('utility-process');
    const received: unknown[] = [];
    channel.onMessage((message) => received.push(message));
    port.emit('message', { data: { type: 'shutdown' } });
    expect(received).toEqual([{ type: 'shutdown' }]);
    channel.send({ type: 'fatal', message: 'x' });
    expect(port.sent).toEqual([{ type: 'fatal', message: 'x' }]);
  });

  it('falls back to Node IPC, and sends nothing once disconnected', () => {
    const sent: unknown[] = [];
    const host = Object.assign(new EventEmitter(), { connected: true, send: (message: unknown) => sent.push(message) }) as unknown as NodeJS.Process;
    const channel = parentChannel(host);
    expect(channel.kind).toBe('node-ipc');
    let gone = false;
    channel.onDisconnect(() => (gone = true));
    channel.send({ type: 'log', level: 'info', message: 'hello' });
    (host as unknown as { connected: boolean }).connected = false;
    channel.send({ type: 'log', level: 'info', message: 'lost' });
    host.emit('disconnect');
    expect(sent).toEqual([{ type: 'log', level: 'info', message: 'hello' }]);
    expect(gone).toBe(true);
    expect(parentChannel(new EventEmitter() as unknown as NodeJS.Process).kind).toBe('none');
  });
});
