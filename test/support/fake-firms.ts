// A FIRMS area API on 127.0.0.1 serving recorded-format CSV and FIRMS's plain-text error bodies.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'firms');

export function firmsFixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

export interface FakeFirms {
  url: string;
  /** Paths requested so far (with the key as sent). */
  requests: string[];
  /**
   * What the next requests get: a fixture file, a file by absolute path (served byte for byte, as recorded),
   * or one of FIRMS's error answers.
   */
  answer: { fixture: string } | { file: string } | { error: 'key' | 'area' | 'limit'; status?: number } | { raw: string; status: number };
  close(): Promise<void>;
}

const ERROR_BODIES = { key: 'Invalid MAP_KEY.', area: 'Invalid area.', limit: 'Exceeding allowed transaction limit.' };

export async function startFakeFirms(): Promise<FakeFirms> {
  const state: FakeFirms = { url: '', requests: [], answer: { fixture: 'viirs-snpp.csv' }, close: async () => undefined };
  const server = http.createServer((request, response) => {
    state.requests.push(request.url ?? '');
    const match = /^\/api\/area\/csv\/([^/]+)\/([A-Z0-9_]+)\/([^/]+)\/(\d+)$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const answer = state.answer;
    if ('fixture' in answer) {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(firmsFixture(answer.fixture));
    } else if ('file' in answer) {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(readFileSync(answer.file));
    } else if ('error' in answer) {
      // FIRMS sends some of these with status 200.
      response.writeHead(answer.status ?? 200, { 'content-type': 'text/plain' }).end(ERROR_BODIES[answer.error]);
    } else {
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.raw);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
