// The Telegram Bot API's sendMessage on 127.0.0.1, answering as Telegram does (ok, 429 with retry_after, errors),
// or with a scripted status and JSON body (what a broken or hostile Bot API might answer).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTelegram {
  url: string;
  received: Array<{ path: string; body: { chat_id: string; text: string } }>;
  /** Answers for the next requests, in order; when empty, success. */
  script: Array<'rate-limited' | 'server-error' | { status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const state: FakeTelegram = { url: '', received: [], script: [], close: async () => undefined };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      state.received.push({ path: request.url ?? '', body: JSON.parse(raw || '{}') });
      const next = state.script.shift();
      if (next === 'rate-limited') {
        response
          .writeHead(429, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }));
      } else if (next === 'server-error') {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      } else if (next) {
        response.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
      } else {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: true, result: { message_id: state.received.length, date: Math.floor(Date.now() / 1000), text: 'ok' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
