// Day one without a setting: with no ADSB_URL the `aircraft` job asks a public ADS-B Exchange v2-compatible
// aggregator (here a loopback fake that answers /v2/type and /v2/point from a pool of v2 entries as readsb's re-api
// does) for the firefighting type codes and for the area around active incidents and clusters of recent fires,
// one request at a time at ADSB_AGGREGATOR_RATE. ADSB_URL, when set, is the only thing read.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const RATE = 4;
const SPACING_MS = 1000 / RATE;
const MARGIN_NM = 30;

/** Every type code of the shipped list, dedicated then dual-use, as the file lists them. */
function shippedTypeCodes(): string[] {
  const list = JSON.parse(readFileSync(new URL('../../resources/firefighting-aircraft.json', import.meta.url), 'utf8')) as {
    typeCodes: Record<string, string>;
    dualUseTypes: Record<string, string>;
  };
  return [...Object.keys(list.typeCodes), ...Object.keys(list.dualUseTypes)];
}

// An active incident (not contained), and one fully contained (no query around it).
const INCIDENT = { lat: 38.9, lon: -121.3 };
const CONTAINED = { lat: 45.1, lon: -110.7 };
/** An incident the feed no longer holds (incident-poller.ts): not watched either. */
const LEFT_FEED = { lat: 41.3, lon: -104.2 };
// Three detections of the last hours around one centre (34.2, -118.4), the farthest ~2.48 nm from it, and an old one.
const CLUSTER = [
  { lat: 34.2, lon: -118.45 },
  { lat: 34.2, lon: -118.4 },
  { lat: 34.2, lon: -118.35 },
];
const OLD_FIRE = { lat: 47.5, lon: -100.5 };

/** v2 entries as the aggregators answer them (fields of the real airplanes.live answer in real-data/aircraft). */
function v2Entry(fields: Record<string, unknown>): Record<string, unknown> {
  return { type: 'adsb_icao', alt_baro: 4500, gs: 180, track: 90, category: 'A3', messages: 1200, seen: 0.4, rssi: -12, ...fields };
}

const POOL = [
  // A water scooper over Manitoba: found by type only; a dedicated type flags it.
  v2Entry({ hex: 'a10001', flight: 'CFOBY   ', r: 'C-FOBY', t: 'CL4T', lat: 50.1, lon: -97.2, seen_pos: 1.2 }),
  // A C-130 over Germany with nothing naming a fire: found by type only, dual-use without evidence → not kept.
  v2Entry({ hex: 'a10002', flight: 'RCH123  ', r: '64-14858', t: 'C130', lat: 49.4, lon: 7.6, seen_pos: 0.8 }),
  // An RJ85 air tanker over the fire cluster (its registration as callsign; the registry names the operator): in the
  // type answer and the point answer, stored once.
  v2Entry({ hex: 'a10003', flight: 'N366AC  ', r: 'N366AC', t: 'RJ85', ownOp: 'NEPTUNE AVIATION SERVICES INC', lat: 34.25, lon: -118.4, seen_pos: 0.5 }),
  // An airliner near the incident: found around it; kept as what it is.
  v2Entry({ hex: 'a10004', flight: 'SWA2211 ', r: 'N8710M', t: 'B738', lat: 38.95, lon: -121.25, alt_baro: 21000, seen_pos: 0.3 }),
  // A radar target near the incident relayed by TIS-B: its address, marked ~ as not an ICAO one, has the airliner's
  // six digits. Stored apart from the airliner, not merged into it.
  v2Entry({ hex: '~a10004', type: 'tisb_other', lat: 38.97, lon: -121.27, seen_pos: 1.5 }),
  // A firefighting callsign alone on a King Air near the incident flags nothing.
  v2Entry({ hex: 'a10005', flight: 'CALFIRE7', r: 'N9AF', t: 'BE20', lat: 38.85, lon: -121.35, seen_pos: 2 }),
  // A helitanker at the incident: in the type answer and the point answer.
  v2Entry({ hex: 'a10006', flight: 'N173AC  ', r: 'N173AC', t: 'S64', lat: 38.91, lon: -121.31, alt_baro: 1200, seen_pos: 0.2 }),
  // A helitanker heard without a position (Mode S only): counted, not stored.
  { hex: 'a10007', type: 'mode_s', t: 'S64', r: 'N189AC', alt_baro: 3000, messages: 40, seen: 3, rssi: -20 },
  // An airliner over Paris: neither of a queried type nor near a fire; never asked for.
  v2Entry({ hex: 'a10008', flight: 'AFR1234 ', r: 'F-GKXA', t: 'A320', lat: 48.85, lon: 2.35, seen_pos: 0.5 }),
];

const runJob = async (subject: TestApp) => (await subject.app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized })).json();

describe('aircraft from the public aggregator when no ADSB_URL is set', () => {
  let aggregator: FakeAdsb;
  let subject: TestApp;
  let base: string;

  beforeAll(async () => {
    aggregator = await startFakeAdsb();
    aggregator.pool = POOL;
    aggregator.minIntervalMs = SPACING_MS - 10;
    base = new URL(aggregator.url).origin;
    subject = await createTestApp({
      ingesterEnabled: false,
      settings: { ADSB_AGGREGATOR_URL: base, ADSB_AGGREGATOR_RATE: String(RATE), ADSB_AGGREGATOR_RADIUS_NM: String(MARGIN_NM) },
    });
    const url = subject.database.url;
    await queryOnce(url, "INSERT INTO incidents (irwin_id, name, geom) VALUES ('{1F0A7C1E-0000-4000-8000-000000000001}', 'Test Ridge', ST_SetSRID(ST_MakePoint($1, $2), 4326))", [
      INCIDENT.lon,
      INCIDENT.lat,
    ]);
    await queryOnce(
      url,
      "INSERT INTO incidents (irwin_id, name, percent_contained, geom) VALUES ('{1F0A7C1E-0000-4000-8000-000000000002}', 'Out Fire', 100, ST_SetSRID(ST_MakePoint($1, $2), 4326))",
      [CONTAINED.lon, CONTAINED.lat],
    );
    await queryOnce(
      url,
      "INSERT INTO incidents (irwin_id, name, geom, left_feed_at) VALUES ('{1F0A7C1E-0000-4000-8000-000000000004}', 'Gone Fire', ST_SetSRID(ST_MakePoint($1, $2), 4326), now())",
      [LEFT_FEED.lon, LEFT_FEED.lat],
    );
    const recent = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const ingest = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: [
        ...CLUSTER.map((fire) => ({ latitude: fire.lat, longitude: fire.lon, acq_time: recent, satellite: 'N20', confidence: 'h', frp: 25 })),
        { latitude: OLD_FIRE.lat, longitude: OLD_FIRE.lon, acq_time: old, satellite: 'N20', confidence: 'n', frp: 4 },
      ],
    });
    expect(ingest.json()).toMatchObject({ stored: 4 });
  });
  afterAll(async () => {
    await subject?.close();
    await aggregator?.close();
  });

  it('asks for the firefighting types, then around the fire cluster and the incident, spaced by the rate limit', async () => {
    const response = await runJob(subject);
    expect(response.status).toBe('done');
    // Type codes in one comma-separated list; then the busiest cell (three fires) before the incident's.
    expect(aggregator.requests).toEqual([`/v2/type/${shippedTypeCodes().join(',')}`, `/v2/point/34.2/-118.4/${Math.ceil(2.48 + MARGIN_NM)}`, `/v2/point/38.9/-121.3/${MARGIN_NM}`]);
    expect(aggregator.throttled).toEqual([]);
    const gaps = aggregator.requestTimes.slice(1).map((time, index) => time - (aggregator.requestTimes[index] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(SPACING_MS - 1);

    expect(response.result).toMatchObject({
      mode: 'aggregator',
      source: base,
      requests: 3,
      typeCodes: shippedTypeCodes().length,
      points: [
        { latitude: 34.2, longitude: -118.4, radiusNm: 33, incidents: 0, fires: 3 },
        { latitude: 38.9, longitude: -121.3, radiusNm: 30, incidents: 1, fires: 0 },
      ],
      // a10003 and a10006 came twice; a10007 has no position; a10002 is a dual-use type without evidence; ~a10004 is
      // not a10004.
      duplicates: 2,
      received: 7,
      stored: 6,
      firefighting: 3,
      ignored: 1,
      failed: [],
      rejected: { count: 1, reasons: [{ reason: 'no position', count: 1, examples: ['a10007'] }] },
    });
  });

  it('stores each aircraft once, firefighting ones with their reason and never on a callsign alone', async () => {
    const rows = await queryOnce<{ icao24: string; firefighting: boolean; firefighting_reason: string | null; source: string }>(
      subject.database.url,
      'SELECT icao24, firefighting, firefighting_reason, source FROM aircraft ORDER BY icao24',
    );
    expect(rows.map((row) => row.icao24).sort()).toEqual(['a10001', 'a10003', 'a10004', 'a10005', 'a10006', '~a10004']);
    const byAddress = new Map(rows.map((row) => [row.icao24, row]));
    expect(byAddress.get('a10001')).toMatchObject({ firefighting: true, firefighting_reason: expect.stringMatching(/^type CL4T/) });
    expect(byAddress.get('a10003')).toMatchObject({ firefighting: true, firefighting_reason: expect.stringMatching(/^dual-use type RJ85 .* with operator "NEPTUNE AVIATION SERVICES INC"/) });
    expect(byAddress.get('a10006')).toMatchObject({ firefighting: true, firefighting_reason: expect.stringMatching(/^type S64/) });
    expect(byAddress.get('a10004')).toMatchObject({ firefighting: false, firefighting_reason: null });
    expect(byAddress.get('a10005')).toMatchObject({ firefighting: false, firefighting_reason: null });
    expect(byAddress.get('~a10004')).toMatchObject({ firefighting: false, firefighting_reason: null });
    const firefighters = (await subject.app.inject({ method: 'GET', url: '/api/aircraft?firefighting=true', headers: authorized })).json();
    expect(firefighters.map((aircraft: { icao24: string }) => aircraft.icao24).sort()).toEqual(['a10001', 'a10003', 'a10006']);
  });

  it('keeps the spacing across runs, and health says the aggregator is the source', async () => {
    const before = aggregator.requestTimes.length;
    const response = await runJob(subject);
    expect(response.result).toMatchObject({ mode: 'aggregator', requests: 3, stored: 6, duplicates: 2 });
    const times = aggregator.requestTimes;
    expect(times).toHaveLength(before + 3);
    for (let index = before; index < times.length; index += 1) expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(SPACING_MS - 1);
    expect(aggregator.throttled).toEqual([]);

    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.aircraft).toMatchObject({
      mode: 'aggregator',
      url: base,
      requestsPerSecond: RATE,
      radiusNm: MARGIN_NM,
      lastRun: { requests: 3, points: 2, failed: [] },
    });
    expect(health.pipelines.aircraft).toMatchObject({ stale: false, lastError: null });
    // The map credits the aggregator feeding it (an unknown host by its name; adsb.lol by its ODbL line).
    expect(health.attributions).toContain('Aircraft: 127.0.0.1');
  });

  it('stops a run at a 429 and holds off until Retry-After has passed', async () => {
    aggregator.refuse = /^\/v2\/point\//;
    try {
      const throttledRun = await runJob(subject);
      expect(throttledRun.status).toBe('done');
      // The type answer came; the first point query was refused and the second not asked.
      expect(throttledRun.result.failed).toEqual([{ path: '/v2/point/34.2/-118.4/33', error: expect.stringMatching(/HTTP 429/) }]);
      expect(aggregator.throttled).toHaveLength(1);
      const requestsSoFar = aggregator.requests.length;
      const heldOff = await subject.app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized });
      expect(heldOff.json().error.message).toMatch(/asked to slow down \(HTTP 429\)/);
      expect(aggregator.requests).toHaveLength(requestsSoFar);
    } finally {
      aggregator.refuse = null;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await runJob(subject)).result).toMatchObject({ mode: 'aggregator', failed: [] });
  });

  it("asks again at once when the computer's clock was set back after a 429", async () => {
    aggregator.refuse = /^\/v2\/point\//;
    aggregator.retryAfter = '600';
    try {
      expect((await runJob(subject)).result.failed).toEqual([expect.objectContaining({ error: expect.stringMatching(/HTTP 429/) })]);
    } finally {
      aggregator.refuse = null;
      aggregator.retryAfter = '1';
    }
    const held = await runJob(subject);
    expect(held.error.message).toMatch(/asked to slow down \(HTTP 429\); no request before/);
    // NTP sets the clock back two hours: the ten minutes asked for would otherwise end two hours and ten minutes on.
    const realNow = Date.now.bind(Date);
    const stepped = vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 2 * 3_600_000);
    try {
      const requestsSoFar = aggregator.requests.length;
      const answer = await runJob(subject);
      expect(answer.result, JSON.stringify(answer)).toMatchObject({ mode: 'aggregator', failed: [] });
      expect(aggregator.requests.length).toBeGreaterThan(requestsSoFar);
    } finally {
      stepped.mockRestore();
    }
  });
});

// One hour: the bound aggregator-source.ts puts on a 429's wait.
const MAX_BACKOFF_MS = 3_600_000;

describe.each([
  ['1e20 seconds', '1e20'],
  ['1e12 seconds', '1e12'],
  ['an HTTP date in the year 9999', 'Fri, 31 Dec 9999 23:59:59 GMT'],
])('a 429 whose Retry-After asks to wait %s', (_what, retryAfter) => {
  let aggregator: FakeAdsb;
  let subject: TestApp;

  beforeAll(async () => {
    aggregator = await startFakeAdsb();
    aggregator.pool = POOL;
    aggregator.refuse = /^\/v2\/type\//;
    aggregator.retryAfter = retryAfter;
    subject = await createTestApp({ ingesterEnabled: false, settings: { ADSB_AGGREGATOR_URL: new URL(aggregator.url).origin, ADSB_AGGREGATOR_RATE: '10' } });
  });
  afterAll(async () => {
    await subject?.close();
    await aggregator?.close();
  });

  it('holds off at most an hour, and health and the next run still say until when', async () => {
    const refusedAt = Date.now();
    const refused = await subject.app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized });
    expect(refused.json().error.message).toMatch(/answered HTTP 429/);
    expect(aggregator.throttled).toHaveLength(1);

    const health = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(health.statusCode).toBe(200);
    const source = health.json().sources.aircraft;
    expect(source).toMatchObject({ mode: 'aggregator', backoffUntil: expect.any(String) });
    const backoffUntil = Date.parse(source.backoffUntil);
    expect(backoffUntil).toBeGreaterThan(Date.now());
    expect(backoffUntil).toBeLessThanOrEqual(Date.now() + MAX_BACKOFF_MS);
    expect(backoffUntil).toBeGreaterThanOrEqual(refusedAt + MAX_BACKOFF_MS);

    const heldOff = await subject.app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized });
    expect(heldOff.json().error.message).toMatch(/asked to slow down \(HTTP 429\); no request before \d{4}-\d\d-\d\dT/);
    expect(aggregator.requests).toHaveLength(1);
  });
});

describe('an aggregator base that does not answer the v2 paths', () => {
  let aggregator: FakeAdsb;
  let subject: TestApp;

  beforeAll(async () => {
    aggregator = await startFakeAdsb();
    aggregator.pool = POOL;
    // adsb.fi's open data API answers /api/v2/lat/…/lon/…/dist/… and has no /v2/type: not a drop-in.
    subject = await createTestApp({ ingesterEnabled: false, settings: { ADSB_AGGREGATOR_URL: `${new URL(aggregator.url).origin}/api`, ADSB_AGGREGATOR_RATE: '10' } });
  });
  afterAll(async () => {
    await subject?.close();
    await aggregator?.close();
  });

  it('fails the run naming the status, and health carries the error', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized });
    expect(response.json().error.message).toMatch(/every ADS-B aggregator request failed \(1 of 1\): .*\/api\/v2\/type\/CL2T,.* answered HTTP 404/);
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.pipelines.aircraft.lastError).toMatch(/HTTP 404/);
  });
});

describe('ADSB_URL takes over from the aggregator', () => {
  let receiver: FakeAdsb;
  let aggregator: FakeAdsb;
  let subject: TestApp;

  beforeAll(async () => {
    receiver = await startFakeAdsb();
    aggregator = await startFakeAdsb();
    aggregator.pool = POOL;
    subject = await createTestApp({ ingesterEnabled: false, settings: { ADSB_URL: receiver.url, ADSB_AGGREGATOR_URL: new URL(aggregator.url).origin } });
    await queryOnce(subject.database.url, "INSERT INTO incidents (irwin_id, name, geom) VALUES ('{1F0A7C1E-0000-4000-8000-000000000003}', 'Receiver Fire', ST_SetSRID(ST_MakePoint(-121.3, 38.9), 4326))");
  });
  afterAll(async () => {
    await subject?.close();
    await receiver?.close();
    await aggregator?.close();
  });

  it("reads only the receiver's aircraft.json, and says so", async () => {
    receiver.body = { now: Date.now() / 1000, messages: 100, aircraft: [{ hex: 'b20001', flight: 'N173AC  ', t: 'S64', lat: 38.9, lon: -121.3, alt_baro: 1500, seen_pos: 1 }] };
    const response = await runJob(subject);
    expect(response.result).toMatchObject({ mode: 'receiver', format: 'readsb', received: 1, stored: 1, firefighting: 1 });
    expect(response.result).not.toHaveProperty('requests');
    expect(receiver.requests).toEqual(['/data/aircraft.json']);
    expect(aggregator.requests).toEqual([]);
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.aircraft).toMatchObject({ mode: 'receiver', url: receiver.url, lastRun: { format: 'readsb', received: 1 } });
    // The user's own receiver needs no credit on the map.
    expect(health.attributions.filter((credit: string) => credit.startsWith('Aircraft') || credit.includes('adsb'))).toEqual([]);
  });
});

describe('OpenSky through ADSB_URL, and the aggregator switched off', () => {
  let opensky: FakeAdsb;
  let withOpensky: TestApp;
  let offline: TestApp;

  beforeAll(async () => {
    opensky = await startFakeAdsb();
    withOpensky = await createTestApp({ ingesterEnabled: false, settings: { ADSB_URL: opensky.urls.opensky } });
    offline = await createTestApp({ ingesterEnabled: false, settings: { ADSB_AGGREGATOR_URL: 'off' } });
  });
  afterAll(async () => {
    await withOpensky?.close();
    await offline?.close();
    await opensky?.close();
  });

  it('reports mode opensky for states/all', async () => {
    const now = Math.floor(Date.now() / 1000);
    opensky.body = { time: now, states: [['c0ffee', 'DLH4AB  ', 'Germany', now, now, 8.5, 50.0, 3000, false, 120, 90, 0, null, 3100, '1000', false, 0]] };
    expect((await runJob(withOpensky)).result).toMatchObject({ mode: 'opensky', format: 'opensky', received: 1, stored: 1 });
    expect(opensky.requests).toEqual(['/api/states/all']);
  });

  it('ADSB_AGGREGATOR_URL=off without ADSB_URL: idle, and health says why', async () => {
    expect((await runJob(offline)).result).toMatchObject({ idle: expect.stringMatching(/ADSB_AGGREGATOR_URL is off/), mode: 'off' });
    const health = (await offline.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.aircraft).toMatchObject({ mode: 'off' });
    expect(health.pipelines.aircraft.lastError).toMatch(/idle: .*ADSB_AGGREGATOR_URL is off/);
  });
});
