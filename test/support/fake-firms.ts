// A FIRMS host on 127.0.0.1: the area API serving recorded-format CSV and FIRMS's plain-text error bodies, and the
// keyless global 24 h active-fire files (/data/active_fire/…) with ETag / Last-Modified and 304s as a web server does.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
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
  /**
   * The global files: request path (`/data/active_fire/…/SUOMI_VIIRS_C2_Global_24h.csv`) → the file served, by
   * absolute path, read in place at each request; or a raw answer. Any other /data/ path is a 404.
   */
  globalFiles: Record<string, string | { raw: string; status: number }>;
  /** false: ignore If-None-Match / If-Modified-Since (a server that always sends the whole file). */
  conditional: boolean;
  /** Requests of global files, with their conditional headers and the status answered. */
  globalRequests: { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null; status: number }[];
  close(): Promise<void>;
}

/** The validators a web server derives from a file: its content hash and its modification time. */
export function fileValidators(file: string): { etag: string; lastModified: string } {
  const etag = `"${createHash('sha1').update(readFileSync(file)).digest('hex').slice(0, 16)}"`;
  return { etag, lastModified: statSync(file).mtime.toUTCString() };
}

function serveGlobalFile(state: FakeFirms, request: http.IncomingMessage, response: http.ServerResponse, urlPath: string): void {
  const target = state.globalFiles[urlPath];
  const ifNoneMatch = request.headers['if-none-match'] ?? null;
  const ifModifiedSince = request.headers['if-modified-since'] ?? null;
  const answer = (status: number) => state.globalRequests.push({ path: urlPath, ifNoneMatch, ifModifiedSince, status });
  if (target === undefined) {
    answer(404);
    response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>404 Not Found</h1></body></html>');
    return;
  }
  if (typeof target !== 'string') {
    answer(target.status);
    response.writeHead(target.status, { 'content-type': 'text/plain' }).end(target.raw);
    return;
  }
  const { etag, lastModified } = fileValidators(target);
  const unchanged =
    ifNoneMatch !== null ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag) : ifModifiedSince !== null && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
  if (state.conditional && unchanged) {
    answer(304);
    response.writeHead(304, { etag, 'last-modified': lastModified }).end();
    return;
  }
  answer(200);
  response.writeHead(200, { 'content-type': 'text/csv', 'content-length': statSync(target).size, etag, 'last-modified': lastModified });
  createReadStream(target).pipe(response);
}

const ERROR_BODIES = { key: 'Invalid MAP_KEY.', area: 'Invalid area.', limit: 'Exceeding allowed transaction limit.' };

export async function startFakeFirms(): Promise<FakeFirms> {
  const state: FakeFirms = {
    url: '',
    requests: [],
    answer: { fixture: 'viirs-snpp.csv' },
    globalFiles: {},
    conditional: true,
    globalRequests: [],
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    state.requests.push(request.url ?? '');
    if ((request.url ?? '').startsWith('/data/')) {
      serveGlobalFile(state, request, response, new URL(request.url ?? '/', 'http://fake').pathname);
      return;
    }
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
