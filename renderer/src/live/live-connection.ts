// The live WebSocket: sends the viewport, hands server messages on, reconnects with backoff.
import type { Bbox, LiveServerMessage } from '../api/api-types';
import { backoffDelayMs } from './backoff';

export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveConnectionOptions {
  url: string;
  onMessage: (message: LiveServerMessage) => void;
  onState: (state: LiveState, detail: string | null) => void;
}

// A socket that says nothing for this long (no pong) is treated as dead and replaced.
const PING_INTERVAL_MS = 20_000;

export class LiveConnection {
  private socket: WebSocket | null = null;
  private viewport: Bbox | null = null;
  private attempt = 0;
  private retryTimer: number | undefined;
  private pingTimer: number | undefined;
  private lastHeard = 0;
  private stopped = false;

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    window.clearInterval(this.pingTimer);
    this.socket?.close(1000, 'closing');
    this.socket = null;
    this.options.onState('closed', null);
  }

  /** Remembered and re-sent after each reconnect. */
  setViewport(bbox: Bbox): void {
    this.viewport = bbox;
    this.send({ type: 'viewport', bbox });
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private open(): void {
    this.options.onState(this.attempt === 0 ? 'connecting' : 'reconnecting', null);
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.options.onState('open', null);
      if (this.viewport) this.send({ type: 'viewport', bbox: this.viewport });
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.keepAlive(), PING_INTERVAL_MS);
    };
    socket.onmessage = (message) => {
      this.lastHeard = Date.now();
      if (typeof message.data !== 'string') return;
      try {
        this.options.onMessage(JSON.parse(message.data) as LiveServerMessage);
      } catch {
        // A frame we cannot read is skipped; the next one may be fine.
      }
    };
    socket.onclose = (event) => {
      window.clearInterval(this.pingTimer);
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      const delay = backoffDelayMs(this.attempt);
      this.attempt += 1;
      const why = event.code === 1006 ? 'connection lost' : `closed (${event.code}${event.reason ? `: ${event.reason}` : ''})`;
      this.options.onState('reconnecting', `${why}; retrying in ${Math.round(delay / 100) / 10} s`);
      this.retryTimer = window.setTimeout(() => this.open(), delay);
    };
  }

  private keepAlive(): void {
    if (Date.now() - this.lastHeard > PING_INTERVAL_MS * 2) {
      this.socket?.close(4000, 'no answer');
      return;
    }
    this.send({ type: 'ping' });
  }
}
