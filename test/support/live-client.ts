// A WebSocket client of /api/live for tests: collects messages and waits for the ones it expects.
import WebSocket from 'ws';
import { waitFor } from './process-check.js';

export interface LiveMessage {
  type: string;
  events?: Array<{ url: string; bbox: number[] }>;
  bbox?: number[];
  [key: string]: unknown;
}

export class LiveClient {
  readonly messages: LiveMessage[] = [];
  closeCode: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(data.toString()) as LiveMessage));
    socket.on('close', (code) => (this.closeCode = code));
  }

  static open(url: string): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new LiveClient(socket)));
      socket.once('unexpected-response', (request, response) => {
        request.destroy();
        reject(new Error(`HTTP ${response.statusCode}`));
      });
      socket.once('error', reject);
    });
  }

  async setViewport(bbox: [number, number, number, number]): Promise<void> {
    const before = this.messages.length;
    this.socket.send(JSON.stringify({ type: 'viewport', bbox }));
    await waitFor(() => this.messages.slice(before).some((message) => message.type === 'viewport') || undefined, 5_000, 'viewport ack');
  }

  eventUrls(): string[] {
    return this.messages.filter((message) => message.type === 'events').flatMap((message) => message.events!.map((event) => event.url));
  }

  async waitForEvent(url: string, timeoutMs = 10_000): Promise<void> {
    await waitFor(() => this.eventUrls().includes(url) || undefined, timeoutMs, `event ${url}`);
  }

  close(): void {
    this.socket.terminate();
  }
}
