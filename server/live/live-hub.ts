// In-memory fan-out to this process's WebSocket clients: each event goes only to the clients whose
// viewport it falls in, and the events a client is due by the time it is written go out as one `events`
// message (a stored batch reaches a client as one frame, not one per event). A client that cannot keep up (send
// buffer over the cap) is dropped.
import type { WebSocket } from 'ws';
import type { Bbox } from '../http/query-params.js';
import type { LiveEvent } from '../events/event-schemas.js';
import type { ServerMessage } from './live-messages.js';
import { ViewportIndex } from './viewport-index.js';

export const SLOW_CLIENT_CLOSE_CODE = 4008;

/** What waits for a client's flush: a whole message, or one event (its JSON) to go out in an `events` message. */
interface Queued {
  bytes: Buffer;
  event: boolean;
}

interface LiveClient {
  socket: WebSocket;
  /** What waits for this tick's flush, in order (UTF-8 JSON), and its size. */
  queue: Queued[];
  queuedBytes: number;
}

/** ws keeps its net.Socket private; corking it turns a tick's frames into one write. */
function rawSocketOf(socket: WebSocket): { cork(): void; uncork(): void } | undefined {
  return (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
}

/** A message as the UTF-8 bytes of its JSON, sent as a text frame. */
function encode(message: ServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

const TEXT_FRAME = { binary: false } as const;
/**
 * Clients written between two turns of the event loop: about 4 ms of writes on two busy cores. Live at 5,000 events/s
 * to 1,000 clients, p99 121, 118, 100, 107, 128, 85 ms written whole against 98, 100, 96, 83, 95, 125 ms with slices
 * of 250 (the bench's live case alone, in turns); slices of 100 gave 91, 110, 112.
 */
export const FLUSH_SLICE_CLIENTS = 250;
const EVENTS_START = Buffer.from('{"type":"events","events":[');
const COMMA = Buffer.from(',');
const EVENTS_END = Buffer.from(']}');

/** One `events` message of events already written as JSON. */
function eventsMessage(events: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [EVENTS_START];
  events.forEach((event, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(event);
  });
  parts.push(EVENTS_END);
  return Buffer.concat(parts);
}

/** A client's queue as the frames to write: each run of events becomes one `events` message. */
function framesOf(queue: readonly Queued[]): Buffer[] {
  const frames: Buffer[] = [];
  let events: Buffer[] = [];
  for (const item of queue) {
    if (item.event) {
      events.push(item.bytes);
      continue;
    }
    if (events.length > 0) frames.push(eventsMessage(events));
    events = [];
    frames.push(item.bytes);
  }
  if (events.length > 0) frames.push(eventsMessage(events));
  return frames;
}

export interface LiveHubStats {
  clients: number;
  /** Events and other messages sent (an `events` message counts each of its events). */
  sent: number;
  droppedClients: number;
}

export class LiveHub {
  private readonly clients = new Map<WebSocket, LiveClient>();
  /** Clients that told us their viewport, filed by where it is. */
  private readonly viewports = new ViewportIndex<LiveClient>();
  private readonly stats = { sent: 0, droppedClients: 0 };
  private readonly dirty = new Set<LiveClient>();
  private flushScheduled = false;

  constructor(
    private readonly maxBufferedBytes: number,
    /** Clients written between two turns of the event loop. */
    private readonly sliceClients: number = FLUSH_SLICE_CLIENTS,
  ) {}

  add(socket: WebSocket): void {
    const client: LiveClient = { socket, queue: [], queuedBytes: 0 };
    this.clients.set(socket, client);
    socket.once('close', () => this.forget(client));
  }

  setViewport(socket: WebSocket, viewport: Bbox): void {
    const client = this.clients.get(socket);
    if (client) this.viewports.set(client, viewport);
  }

  /** Sends an event to every client whose current viewport intersects it. */
  publishEvent(event: LiveEvent): void {
    if (!event.bbox) return;
    // Written once, to UTF-8 too, whatever the number of clients it goes to.
    let encoded: Buffer | null = null;
    this.viewports.forEachMeeting(event.bbox, (client) => {
      encoded ??= Buffer.from(JSON.stringify(event));
      this.send(client, encoded, true);
    });
  }

  /** Sends to every client (alerts, health). */
  broadcast(message: ServerMessage): void {
    const encoded = encode(message);
    for (const client of this.clients.values()) this.send(client, encoded, false);
  }

  sendTo(socket: WebSocket, message: ServerMessage): void {
    const client = this.clients.get(socket);
    if (client) this.send(client, encode(message), false);
  }

  snapshot(): LiveHubStats {
    return { clients: this.clients.size, ...this.stats };
  }

  closeAll(): void {
    for (const client of this.clients.values()) {
      this.viewports.delete(client);
      client.socket.close(1001, 'server shutting down');
    }
    this.clients.clear();
  }

  private send(client: LiveClient, encoded: Buffer, event: boolean): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount + client.queuedBytes + encoded.length > this.maxBufferedBytes) {
      // Never grow without limit: a client this far behind reconnects and reloads its view.
      this.drop(client);
      return;
    }
    client.queue.push({ bytes: encoded, event });
    client.queuedBytes += encoded.length;
    this.dirty.add(client);
    this.scheduleFlush();
  }

  /**
   * Writes each waiting client's frames in one go, FLUSH_SLICE_CLIENTS clients at a time: the rest wait for the next
   * turn of the event loop, so that what came meanwhile (the next stored batch from PostgreSQL, the bus) is not held up
   * behind a thousand socket writes (at 5,000 events/s one flush to ~740 clients took 11 ms, median, and up to 40).
   * Clients go in the order they became due; one due again before its turn keeps its place, and its events go out
   * together.
   */
  private flush(): void {
    this.flushScheduled = false;
    let written = 0;
    for (const client of this.dirty) {
      this.dirty.delete(client);
      this.write(client);
      written += 1;
      if (written === this.sliceClients) break;
    }
    if (this.dirty.size > 0) this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** What a client is due, in one write. */
  private write(client: LiveClient): void {
    const queue = client.queue;
    client.queue = [];
    client.queuedBytes = 0;
    if (client.socket.readyState !== client.socket.OPEN) return;
    const raw = rawSocketOf(client.socket);
    raw?.cork();
    for (const frame of framesOf(queue)) client.socket.send(frame, TEXT_FRAME);
    raw?.uncork();
    this.stats.sent += queue.length;
  }

  private forget(client: LiveClient): void {
    this.clients.delete(client.socket);
    this.viewports.delete(client);
  }

  private drop(client: LiveClient): void {
    this.forget(client);
    this.dirty.delete(client);
    client.queue = [];
    this.stats.droppedClients += 1;
    client.socket.close(SLOW_CLIENT_CLOSE_CODE, 'client too slow');
    // A peer that stopped reading may never complete the close handshake.
    setTimeout(() => client.socket.terminate(), 2_000).unref();
  }
}
