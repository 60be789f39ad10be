import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../server/events/event-schemas.js';
import { LiveHub } from '../../server/live/live-hub.js';
import { nextTurn } from '../../server/time-sliced.js';
import { waitFor } from '../support/process-check.js';

const CLIENTS = 100;
/** Clients written between two turns of the event loop. */
const SLICE = 32;

function fireAt(name: string): LiveEvent {
  return {
    id: name,
    sourceType: 'fire',
    url: `https://slices.test/${name}`,
    title: name,
    summary: null,
    geometry: { type: 'Point', coordinates: [10, 10] },
    occurredAt: '2026-11-28T00:00:00.000Z',
    ingestedAt: '2026-11-28T00:00:01.000Z',
    payload: {},
    bbox: [10, 10, 10, 10],
  };
}

describe('LiveHub: a fan-out to many clients is written a slice at a time (real sockets on loopback)', () => {
  let server: WebSocketServer;
  let hub: LiveHub;
  /** Each client's messages, by the order the clients connected (and became the hub's). */
  const received: string[][][] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    hub = new LiveHub(4 * 1024 * 1024, SLICE);
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const serverSockets: WebSocket[] = [];
    server.on('connection', (socket) => serverSockets.push(socket));
    const { port } = server.address() as AddressInfo;
    for (let index = 0; index < CLIENTS; index += 1) {
      const messages: string[][] = [];
      received.push(messages);
      const client = new WebSocket(`ws://127.0.0.1:${port}`);
      client.on('message', (data) => messages.push((JSON.parse(data.toString()) as { events: LiveEvent[] }).events.map((event) => event.id)));
      await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
      sockets.push(client);
      await waitFor(() => serverSockets[index], 5_000, 'the server side of a socket');
      hub.add(serverSockets[index]!);
      hub.setViewport(serverSockets[index]!, [0, 0, 20, 20]);
    }
  });
  afterAll(async () => {
    hub?.closeAll();
    for (const socket of sockets) socket.terminate();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('writes a slice, lets the event loop run, and writes the rest; an event due before a client is written joins its frame', async () => {
    hub.publishEvent(fireAt('a'));
    // The flush is the first callback of the next check phase; this turn comes right after its first slice.
    await nextTurn();
    expect(hub.snapshot().sent).toBe(SLICE);
    hub.publishEvent(fireAt('b'));
    await waitFor(() => received.every((messages) => messages.flat().length === 2) || undefined, 10_000, 'both events at every client');
    // The first slice had `a` on its own and `b` after it; every later client had both in one message, in order.
    expect(received.slice(0, SLICE)).toEqual(Array.from({ length: SLICE }, () => [['a'], ['b']]));
    expect(received.slice(SLICE)).toEqual(Array.from({ length: CLIENTS - SLICE }, () => [['a', 'b']]));
    expect(hub.snapshot().sent).toBe(2 * CLIENTS);
  });
});
