// An ADS-B source on 127.0.0.1 with a settable answer, at the providers' URL shapes: a local receiver's
// aircraft.json (readsb, tar1090, dump1090-fa, dump1090-mutability), the aggregators' v2 API, OpenSky states/all.
// With `pool` set it answers the v2 queries as an aggregator does (readsb's re-api behind adsb.lol/airplanes.live):
// `/v2/type/A,B` the pool's aircraft of those types, `/v2/point/lat/lon/nm` those within the radius (with `dst` and
// `dir`), each as `{ac, msg, now (ms), total, ctime, ptime}`; with `minIntervalMs` it answers 429 to a request that
// comes sooner than that after the previous one, as a rate-limited aggregator does (and to paths matching `refuse`),
// naming `retryAfter` as its Retry-After.
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
  /** When each request arrived (performance.now(), ms), in order. */
  requestTimes: number[];
  /** v2 aircraft entries (hex, t, lat, lon, …) that /v2/type and /v2/point answer from; null: `body` answers. */
  pool: Record<string, unknown>[] | null;
  /** Requests closer than this to the previous one are answered 429 (0: never). */
  minIntervalMs: number;
  /** Paths answered 429 whatever the spacing. */
  refuse: RegExp | null;
  /** The Retry-After header of a 429 (seconds or an HTTP date); '1' unless set. */
  retryAfter: string;
  /** Paths answered 429. */
  throttled: string[];
  close(): Promise<void>;
}

const SHAPES = [
  /^\/(tar1090\/|dump1090-fa\/|dump1090\/)?data\/aircraft\.json$/,
  /^\/v2\/(point\/-?[\d.]+\/-?[\d.]+\/\d+|all|hex\/[0-9a-f,]+|callsign\/\w+|type\/[0-9a-z,]+)$/i,
  /^\/api\/states\/all$/,
];

export async function startFakeAdsb(): Promise<FakeAdsb> {
  const state: FakeAdsb = {
    url: '',
    urls: { readsb: '', tar1090: '', dump1090fa: '', dump1090: '', v2: '', opensky: '' },
    body: { now: Date.now() / 1000, aircraft: [] },
    file: null,
    requests: [],
    requestTimes: [],
    pool: null,
    minIntervalMs: 0,
    refuse: null,
    retryAfter: '1',
    throttled: [],
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    const arrived = performance.now();
    const previous = state.requestTimes.at(-1);
    state.requests.push(request.url ?? '');
    state.requestTimes.push(arrived);
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!SHAPES.some((shape) => shape.test(pathname))) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if ((state.minIntervalMs > 0 && previous !== undefined && arrived - previous < state.minIntervalMs) || state.refuse?.test(pathname)) {
      state.throttled.push(pathname);
      response.writeHead(429, { 'content-type': 'text/plain', 'retry-after': state.retryAfter }).end('Too Many Requests');
      return;
    }
    const pooled = state.pool ? poolAnswer(state.pool, pathname) : null;
    if (pooled) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pooled));
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

const EARTH_RADIUS_NM = 6_371_008.8 / 1852;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (nm) and initial bearing (degrees), haversine on a sphere, as readsb's circle query has it. */
function distanceAndBearing(lat1: number, lon1: number, lat2: number, lon2: number): { dst: number; dir: number } {
  const [phi1, phi2, dPhi, dLambda] = [radians(lat1), radians(lat2), radians(lat2 - lat1), radians(lon2 - lon1)];
  const a = Math.sin(dPhi / 2) ** 2 + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) ** 2;
  const dst = 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  return { dst, dir: ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360 };
}

/** The v2 answer to a type or point query over the pool; null for other paths. */
function poolAnswer(pool: readonly Record<string, unknown>[], pathname: string): Record<string, unknown> | null {
  const now = Date.now();
  const wrap = (ac: unknown[]) => ({ ac, msg: 'No error', now, total: ac.length, ctime: now, ptime: 0 });
  const type = /^\/v2\/type\/([0-9a-z,]+)$/i.exec(pathname);
  if (type) {
    const codes = new Set((type[1] ?? '').split(',').map((code) => code.toUpperCase()));
    return wrap(pool.filter((entry) => typeof entry.t === 'string' && codes.has(entry.t.toUpperCase())));
  }
  const point = /^\/v2\/point\/(-?[\d.]+)\/(-?[\d.]+)\/(\d+)$/.exec(pathname);
  if (point) {
    const [lat, lon, radius] = [Number(point[1]), Number(point[2]), Number(point[3])];
    const near = pool.flatMap((entry) => {
      if (typeof entry.lat !== 'number' || typeof entry.lon !== 'number') return [];
      const { dst, dir } = distanceAndBearing(lat, lon, entry.lat, entry.lon);
      return dst < Math.min(radius, 250) ? [{ ...entry, dst: Number(dst.toFixed(3)), dir: Number(dir.toFixed(1)) }] : [];
    });
    return wrap(near);
  }
  return null;
}
