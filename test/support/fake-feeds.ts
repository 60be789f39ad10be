// News feeds on 127.0.0.1: recorded-format RSS/RDF/Atom files with ETag and Last-Modified, conditional GETs, and failures on demand.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'news');

export function newsFixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

export interface FeedRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  status: number;
}

export type FeedFailure = { status: number; body?: string } | { hang: true } | { body: string };

export interface FakeFeeds {
  url: string;
  /** Path (`/feeds/<file>`) to body; starts with every fixture asked for through `serve`. */
  bodies: Map<string, string | Buffer>;
  /** Content-Type per path when not the default RSS/Atom type with charset=utf-8. */
  contentTypes: Map<string, string>;
  /** Paths that fail instead of answering their body. */
  failures: Map<string, FeedFailure>;
  /** Path to a delay before its answer (a slow feed host): the answer itself is as without it. */
  delays: Map<string, number>;
  requests: FeedRequest[];
  /** Serves a fixture file at /feeds/<name> (or replaces its body); answers its URL. */
  serve(name: string, body?: string | Buffer): string;
  close(): Promise<void>;
}

const LAST_MODIFIED = 'Sat, 21 Nov 2026 23:30:00 GMT';

function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
}

export async function startFakeFeeds(): Promise<FakeFeeds> {
  const bodies = new Map<string, string | Buffer>();
  const contentTypes = new Map<string, string>();
  const failures = new Map<string, FeedFailure>();
  const delays = new Map<string, number>();
  const requests: FeedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const delay = delays.get(pathname);
    if (delay) setTimeout(() => answer(request, response, pathname), delay);
    else answer(request, response, pathname);
  });
  const answer = (request: http.IncomingMessage, response: http.ServerResponse, pathname: string) => {
    const record = (status: number) =>
      requests.push({
        path: pathname,
        ifNoneMatch: (request.headers['if-none-match'] as string | undefined) ?? null,
        ifModifiedSince: (request.headers['if-modified-since'] as string | undefined) ?? null,
        status,
      });
    const failure = failures.get(pathname);
    if (failure) {
      if ('hang' in failure) {
        record(0);
        hanging.add(response);
        return;
      }
      const status = 'status' in failure ? failure.status : 200;
      record(status);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(failure.body ?? '');
      return;
    }
    const body = bodies.get(pathname);
    if (body === undefined) {
      record(404);
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const etag = etagOf(body);
    const unchanged = request.headers['if-none-match'] ? request.headers['if-none-match'] === etag : request.headers['if-modified-since'] === LAST_MODIFIED;
    if (unchanged) {
      record(304);
      response.writeHead(304, { etag, 'last-modified': LAST_MODIFIED }).end();
      return;
    }
    record(200);
    const type = pathname.endsWith('.atom') ? 'application/atom+xml' : 'application/rss+xml';
    response
      .writeHead(200, {
        'content-type': contentTypes.get(pathname) ?? `${type}; charset=utf-8`,
        'content-length': String(Buffer.byteLength(body)),
        etag,
        'last-modified': LAST_MODIFIED,
      })
      .end(body);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bodies,
    contentTypes,
    failures,
    delays,
    requests,
    serve(name, body) {
      bodies.set(`/feeds/${name}`, body ?? newsFixture(name));
      return `${url}/feeds/${name}`;
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
