// Caltrans's CWWP2 on 127.0.0.1: `/data/d{N}/cctv/cctvStatusD{NN}.json` in its real format (District 3 from
// test/fixtures/cameras, other districts a 404 unless a test gives one), and the cameras' still images under
// `/data/d{N}/cctv/image/...`. The fixture's image addresses are rewritten onto this server, as a mirror of
// CWWP2 would serve them. Records each request.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TINY_JPEG } from './fake-camera.js';

const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'cameras', 'caltrans-cctvStatusD03.json');
const REAL_BASE = 'https://cwwp2.dot.ca.gov/data';

export interface FakeCaltrans {
  /** What CALTRANS_CCTV_URL is set to: `http://127.0.0.1:<port>/data`. */
  baseUrl: string;
  /** host:port, for the test-only allowance. */
  hostPort: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeCaltrans(districts: Record<number, string> = {}): Promise<FakeCaltrans> {
  const requests: string[] = [];
  let baseUrl = '';
  const fileOf = (district: number): string | null => {
    const body = districts[district] ?? (district === 3 ? readFileSync(FIXTURE, 'utf8') : null);
    return body === null ? null : body.replaceAll(REAL_BASE, baseUrl);
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    const status = /^\/data\/d(\d{1,2})\/cctv\/cctvStatusD(\d{2})\.json$/.exec(url);
    if (status && Number(status[1]) === Number(status[2])) {
      const body = fileOf(Number(status[1]));
      if (body !== null) return void response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
    if (/^\/data\/d\d{1,2}\/cctv\/image\/[\w-]+\/[\w-]+\.jpg$/.test(url.split('?')[0] ?? '')) {
      return void response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': TINY_JPEG.length }).end(TINY_JPEG);
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>404 Not Found</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `http://${hostPort}/data`;
  return {
    baseUrl,
    hostPort,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
