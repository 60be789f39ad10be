// The live WebSocket: sends the viewport, hands server messages on, reconnects with backoff.
// `.js` specifiers and global timers: this module is also unit-tested from Node (test/unit/renderer-live-connection.test.ts).
import type { Bbox, LiveClientMessage, LiveServerMessage } from '../api/api-types.js';
import { backoffDelayMs } from './backoff.js';

export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveConnectionOptions {
  url: string;
  onMessage: (message: LiveServerMessage) => void;
  onState: (state: LiveState, detail: string | null, retryDelayMs?: number) => void;
  /**
   * After each open: what was sent while no socket was open is not replayed (a drop; or a first connection that
   * opened only after the view was read), so a view already read is read again.
   */
  onOpen?: () => void;
}

// A socket that says nothing for this long (no pong) is treated as dead and replaced.
const PING_INTERVAL_MS = 20_000;
// The backoff starts over only once a socket has stayed open this long: a server that accepts and closes
// at once is not retried every half second forever.
const STABLE_OPEN_MS = 10_000;

export class LiveConnection {
  private socket: WebSocket | null = null;
  private viewport: Bbox | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private lastHeard = 0;
  private stopped = false;

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.stableTimer);
    const socket = this.detach();
    socket?.close(1000, 'closing');
    this.options.onState('closed', null);
  }

  /** Remembered and re-sent after each reconnect. */
  setViewport(bbox: Bbox): void {
    this.viewport = bbox;
    this.send({ type: 'viewport', bbox });
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private open(): void {
    this.options.onState(this.attempt === 0 ? 'connecting' : 'reconnecting', null);
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.lastHeard = performance.now();
      this.options.onState('open', null);
      if (this.viewport) this.send({ type: 'viewport', bbox: this.viewport });
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.keepAlive(), PING_INTERVAL_MS);
      clearTimeout(this.stableTimer);
      this.stableTimer = setTimeout(() => (this.attempt = 0), STABLE_OPEN_MS);
      this.options.onOpen?.();
    };
    socket.onmessage = (message) => {
      this.lastHeard = performance.now();
      if (typeof message.data !== 'string') return;
      try {
        this.options.onMessage(JSON.parse(message.data) as LiveServerMessage);
      } catch {
        // A frame we cannot read is skipped; the next one may be fine.
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.detach();
      const why = event.code === 1006 ? 'connection lost' : `closed (${event.code}${event.reason ? `: ${event.reason}` : ''})`;
      this.retryAfter(why);
    };
  }

  /** Forgets the current socket (its late events are ignored) and stops its timers; returns it. */
  private detach(): WebSocket | null {
    const socket = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.stableTimer);
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
    }
    return socket;
  }

  private retryAfter(why: string, delay = backoffDelayMs(this.attempt)): void {
    this.attempt += 1;
    this.options.onState('reconnecting', `${why}; retrying in ${Math.round(delay / 100) / 10} s`, delay);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private keepAlive(): void {
    // The monotonic clock: a wall clock stepped back (NTP, a resume from sleep) kept a dead socket for the step's length.
    if (performance.now() - this.lastHeard > PING_INTERVAL_MS * 2) {
      // A half-open socket may take a minute to report its close: drop it now and dial again at once.
      this.detach()?.close(4000, 'no answer');
      this.retryAfter('no answer from the server', 0);
      return;
    }
    this.send({ type: 'ping' });
  }
}
