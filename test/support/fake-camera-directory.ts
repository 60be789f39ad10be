// A public camera directory on 127.0.0.1: an Insecam-style HTML listing in two pages and a plain-text
// list, from test/fixtures/cameras, plus any pages a test adds, and `/redirect?to=<url>` sending the
// client elsewhere. Records when each request arrived (rate-limit measurements).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'cameras');

export interface FakePage {
  type: string;
  body: string;
}

export interface FakeCameraDirectory {
  origin: string;
  /** host:port, for the test-only allowance. */
  hostPort: string;
  /** The listing's first page and the text list. */
  listingUrl: string;
  textListUrl: string;
  requests: Array<{ at: number; path: string }>;
  close(): Promise<void>;
}

export async function startFakeCameraDirectory(extraPages: Record<string, FakePage> = {}): Promise<FakeCameraDirectory> {
  const pages: Record<string, FakePage> = {
    ...extraPages,
    '/bycountry/?page=1': { type: 'text/html; charset=utf-8', body: readFileSync(path.join(FIXTURES, 'directory-page-1.html'), 'utf8') },
    '/bycountry/?page=2': { type: 'text/html; charset=utf-8', body: readFileSync(path.join(FIXTURES, 'directory-page-2.html'), 'utf8') },
    '/lists/cameras.txt': { type: 'text/plain; charset=utf-8', body: readFileSync(path.join(FIXTURES, 'camera-list.txt'), 'utf8') },
  };
  const requests: FakeCameraDirectory['requests'] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push({ at: Date.now(), path: url });
    const target = new URL(url, 'http://fake.invalid');
    if (target.pathname === '/redirect') return void response.writeHead(302, { location: target.searchParams.get('to') ?? '/' }).end();
    // A list answers whatever query comes with it (a user's token, say); listing pages are chosen by theirs.
    const page = pages[url] ?? pages[url.split('?')[0] ?? ''];
    if (!page) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    response.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `http://${hostPort}`;
  return {
    origin,
    hostPort,
    listingUrl: `${origin}/bycountry/?page=1`,
    textListUrl: `${origin}/lists/cameras.txt`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
