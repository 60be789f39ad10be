// An ADS-B source on 127.0.0.1 with a settable answer, at the providers' URL shapes: a local receiver's
// aircraft.json (readsb, tar1090, dump1090-fa, dump1090-mutability), the aggregators' v2 API, OpenSky states/all.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAdsb {
  /** The readsb shape: `/data/aircraft.json`. */
  url: string;
  /** Every shape this server answers at. */
  urls: { readsb: string; tar1090: string; dump1090fa: string; dump1090: string; v2: string; opensky: string };
  body: unknown;
  /** A recorded answer by absolute path, served byte for byte instead of `body`. */
  file: string | null;
  /** Paths (with query) requested so far. */
  requests: string[];
  close(): Promise<void>;
}

const SHAPES = [
  /^\/(tar1090\/|dump1090-fa\/|dump1090\/)?data\/aircraft\.json$/,
  /^\/v2\/(point\/-?[\d.]+\/-?[\d.]+\/\d+|all|hex\/[0-9a-f,]+|callsign\/\w+)$/i,
  /^\/api\/states\/all$/,
];

export async function startFakeAdsb(): Promise<FakeAdsb> {
  const state: FakeAdsb = {
    url: '',
    urls: { readsb: '', tar1090: '', dump1090fa: '', dump1090: '', v2: '', opensky: '' },
    body: { now: Date.now() / 1000, aircraft: [] },
    file: null,
    requests: [],
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    state.requests.push(request.url ?? '');
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!SHAPES.some((shape) => shape.test(pathname))) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(state.file ? readFileSync(state.file) : JSON.stringify(state.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = `${base}/data/aircraft.json`;
  state.urls = {
    readsb: state.url,
    tar1090: `${base}/tar1090/data/aircraft.json`,
    dump1090fa: `${base}/dump1090-fa/data/aircraft.json`,
    dump1090: `${base}/dump1090/data/aircraft.json`,
    v2: `${base}/v2/point/43.3/29.6/250`,
    opensky: `${base}/api/states/all`,
  };
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
