// Every real ADS-B answer of ../shared/real-data/aircraft through the `aircraft` poller (POST /api/jobs/aircraft),
// served by a loopback server at the provider's URL shape. What must be stored is read from each file here, by the
// formats' documentation, never by the app's parser:
// - readsb / dump1090-fa aircraft.json (README-json.md): `now` in seconds, `hex` (a leading ~ marks a non-ICAO
//   address), `flight`, `alt_baro` in feet or "ground", `gs` knots, `track`, `seen_pos` = seconds since the
//   position; `r`, `t`, `ownOp` on aggregators; `lastPosition` {lat, lon, seen_pos} once lat/lon are over 60 s old;
//   `type` is the kind of message source (adsb_icao, adsc, mode_s), never the aircraft type;
// - dump1090-mutability aircraft.json: `altitude` in feet or "ground", `speed` in knots;
// - the aggregators' v2 API: the same entries under `ac`, `now` in milliseconds;
// - OpenSky /api/states/all: state arrays [icao24, callsign, origin_country, time_position, last_contact,
//   longitude, latitude, baro_altitude (m), on_ground, velocity (m/s), true_track, …]; callsign null = none received.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirefightingIdentifier } from '../../server/aircraft/firefighting-identifier.js';
import { createSharedDatabase, type SharedDatabase } from '../support/app-on-database.js';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { realDataFiles, realDataPath } from '../support/real-data-path.js';
import type { PipelineFreshness } from '../../server/pipelines/pipeline-freshness.js';
import { authorized } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const FILES = realDataFiles('aircraft');
const FEET_PER_METRE = 3.28084;
const KNOTS_PER_MPS = 1.943844;

type Shape = keyof FakeAdsb['urls'];

/** The URL a user would set ADSB_URL to for the software that wrote the file. */
function shapeOf(name: string): Shape {
  if (name.startsWith('opensky_')) return 'opensky';
  if (name.startsWith('airplaneslive_v2_')) return 'v2';
  if (name.startsWith('dump1090fa_')) return 'dump1090fa';
  if (name.startsWith('dump1090mutability_')) return 'dump1090';
  return 'readsb';
}

interface StoredAircraft {
  icao24: string;
  callsign: string | null;
  registration: string | null;
  type_code: string | null;
  operator: string | null;
  latitude: number;
  longitude: number;
  altitude_ft: number | null;
  on_ground: boolean;
  ground_speed_kt: number | null;
  track_deg: number | null;
  seen_at: string;
  firefighting: boolean;
  firefighting_reason: string | null;
  source: string;
}

interface Expected {
  stored: StoredAircraft[];
  entries: number;
  withoutPosition: number;
  withoutAddress: number;
}

const real = (value: unknown) => (typeof value === 'number' ? Math.fround(value) : null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** readsb, dump1090-fa, dump1090-mutability and v2 entries, by their documentation. */
function expectedReadsb(body: { now: number; aircraft?: unknown[]; ac?: unknown[] }): Expected {
  const entries = (body.aircraft ?? body.ac ?? []) as Record<string, unknown>[];
  const nowMs = body.ac ? body.now : body.now * 1000;
  const stored: StoredAircraft[] = [];
  let withoutPosition = 0;
  let withoutAddress = 0;
  for (const entry of entries) {
    if (typeof entry.hex !== 'string') {
      withoutAddress += 1;
      continue;
    }
    const last = entry.lastPosition as { lat: number; lon: number; seen_pos: number } | undefined;
    const current = typeof entry.lat === 'number' && typeof entry.lon === 'number';
    if (!current && !last) {
      withoutPosition += 1;
      continue;
    }
    // A kept last position has no altitude, speed or track of its own: those fields are of the last message.
    const reported = entry.alt_baro ?? entry.altitude;
    const altitude = current ? reported : undefined;
    const age = current ? (entry.seen_pos as number) : last!.seen_pos;
    stored.push({
      icao24: entry.hex.toLowerCase(),
      callsign: text(entry.flight),
      registration: text(entry.r),
      type_code: text(entry.t),
      operator: text(entry.ownOp),
      latitude: current ? (entry.lat as number) : last!.lat,
      longitude: current ? (entry.lon as number) : last!.lon,
      altitude_ft: typeof altitude === 'number' ? Math.round(altitude) : null,
      on_ground: reported === 'ground',
      ground_speed_kt: current ? real(entry.gs ?? entry.speed) : null,
      track_deg: current ? real(entry.track) : null,
      seen_at: new Date(nowMs - age * 1000).toISOString(),
      firefighting: false,
      firefighting_reason: null,
      source: 'readsb',
    });
  }
  return { stored, entries: entries.length, withoutPosition, withoutAddress };
}

/** OpenSky state vectors, by the REST API documentation. */
function expectedOpensky(body: { time: number; states: unknown[][] }): Expected {
  const stored: StoredAircraft[] = [];
  let withoutPosition = 0;
  for (const [icao24, callsign, , timePosition, lastContact, longitude, latitude, baroAltitude, onGround, velocity, track] of body.states) {
    if (typeof latitude !== 'number' || typeof longitude !== 'number') {
      withoutPosition += 1;
      continue;
    }
    stored.push({
      icao24: (icao24 as string).toLowerCase(),
      callsign: text(callsign),
      registration: null,
      type_code: null,
      operator: null,
      latitude,
      longitude,
      altitude_ft: typeof baroAltitude === 'number' ? Math.round(baroAltitude * FEET_PER_METRE) : null,
      on_ground: onGround === true,
      ground_speed_kt: typeof velocity === 'number' ? Math.fround(Math.round(velocity * KNOTS_PER_MPS * 10) / 10) : null,
      track_deg: real(track),
      seen_at: new Date(((timePosition ?? lastContact) as number) * 1000).toISOString(),
      firefighting: false,
      firefighting_reason: null,
      source: 'opensky',
    });
  }
  return { stored, entries: body.states.length, withoutPosition, withoutAddress: 0 };
}

function expectedOf(name: string): Expected {
  const body = JSON.parse(readFileSync(realDataPath('aircraft', name), 'utf8'));
  const expected = name.startsWith('opensky_') ? expectedOpensky(body) : expectedReadsb(body);
  expected.stored.sort((a, b) => (a.icao24 < b.icao24 ? -1 : 1));
  return expected;
}

describe('real ADS-B answers through the aircraft poller', () => {
  let adsb: FakeAdsb;
  let shared: SharedDatabase;
  const apps = new Map<Shape, FastifyInstance>();

  /** One API process per provider URL (ADSB_URL), all on one database; tests run one after another. */
  async function appFor(shape: Shape): Promise<FastifyInstance> {
    let app = apps.get(shape);
    if (!app) {
      app = await shared.app({ ingesterEnabled: false, settings: { ADSB_URL: adsb.urls[shape] } });
      apps.set(shape, app);
    }
    return app;
  }
  const runJob = async (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized });
  const stored = () =>
    queryOnce<StoredAircraft & { seen_at: Date }>(
      shared.database.url,
      `SELECT icao24, callsign, registration, type_code, operator, ST_Y(geom) AS latitude, ST_X(geom) AS longitude, altitude_ft,
              on_ground, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source
       FROM aircraft ORDER BY icao24`,
    ).then((rows) =>
      rows.map((row) => ({
        ...row,
        seen_at: row.seen_at.toISOString(),
        ground_speed_kt: real(row.ground_speed_kt),
        track_deg: real(row.track_deg),
      })),
    );
  /** Health's entry for the pipeline, as describeFreshness makes it (lastRejected included). */
  const pipeline = async (app: FastifyInstance) => (await app.health.report()).pipelines.aircraft as PipelineFreshness;

  beforeAll(async () => {
    adsb = await startFakeAdsb();
    shared = await createSharedDatabase();
  });
  afterAll(async () => {
    await shared?.close();
    await adsb?.close();
  });

  it('the folder holds the ten answers SOURCES.md lists', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of FILES) {
    it(`${name}: every aircraft with a position stored as its format documents, the rest counted with the reason`, async () => {
      const expected = expectedOf(name);
      const shape = shapeOf(name);
      const app = await appFor(shape);
      await queryOnce(shared.database.url, 'DELETE FROM aircraft');
      const before = await pipeline(app);
      adsb.file = realDataPath('aircraft', name);
      const response = await runJob(app);
      expect(response.statusCode, response.body).toBe(200);
      expect(new URL(adsb.urls[shape]).pathname).toBe(new URL(`http://x${adsb.requests.at(-1)}`).pathname);
      const skipped = expected.withoutPosition + expected.withoutAddress;
      expect(response.json().result).toMatchObject({
        format: shape === 'opensky' ? 'opensky' : 'readsb',
        received: expected.stored.length,
        skipped,
        stored: expected.stored.length,
        firefighting: 0,
      });
      expect(await stored()).toEqual(expected.stored);
      const after = await pipeline(app);
      expect(after).toMatchObject({ stale: false, lastError: null, rejected: before.rejected + skipped });
      if (skipped > 0) {
        expect(after.lastRejected?.count).toBe(skipped);
        if (expected.withoutPosition > 0) expect(after.lastRejected?.reason).toMatch(new RegExp(`no position \\(${expected.withoutPosition}, e\\.g\\. [0-9a-f]{6}`));
        if (expected.withoutAddress > 0) expect(after.lastRejected?.reason).toMatch(new RegExp(`no ICAO 24-bit address \\(hex\\) \\(${expected.withoutAddress}, e\\.g\\. entry`));
      }
    });
  }

  it('dump1090-mutability: altitude and speed are read (its `altitude`/`speed` keys)', async () => {
    const expected = expectedOf('dump1090mutability_2019-10-03_billglover.json');
    expect(expected.stored.filter((aircraft) => aircraft.altitude_ft !== null).length).toBeGreaterThan(40);
    expect(expected.stored.filter((aircraft) => aircraft.ground_speed_kt !== null).length).toBeGreaterThan(40);
    await queryOnce(shared.database.url, 'DELETE FROM aircraft');
    adsb.file = realDataPath('aircraft', 'dump1090mutability_2019-10-03_billglover.json');
    await runJob(await appFor('dump1090'));
    const [gtI] = (await stored()).filter((aircraft) => aircraft.icao24 === 'a4cf26');
    expect(gtI).toMatchObject({ callsign: 'GTI5219', altitude_ft: 35000, ground_speed_kt: 514, track_deg: 59 });
  });

  it('airplanes.live v2: an aircraft with only `lastPosition` is kept at that position, as old as its seen_pos', async () => {
    await queryOnce(shared.database.url, 'DELETE FROM aircraft');
    adsb.file = realDataPath('aircraft', 'airplaneslive_v2_2023-09-22_miawgogo_test.json');
    await runJob(await appFor('v2'));
    expect(await stored()).toEqual([
      expect.objectContaining({
        icao24: '45211e',
        callsign: 'CFG846',
        registration: 'LZ-LAJ',
        type_code: 'A320',
        latitude: 43.261414,
        longitude: 29.636404,
        seen_at: new Date(1695420989961 - 3061406).toISOString(),
        // Its alt_baro 37000, gs 496 and track 113.6 are of its last message, 51 minutes after that position.
        altitude_ft: null,
        ground_speed_kt: null,
        track_deg: null,
      }),
    ]);
  });

  it('OpenSky: a new flight does not inherit an earlier flight\'s callsign; an empty callsign means none', async () => {
    const app = await appFor('opensky');
    await queryOnce(shared.database.url, 'DELETE FROM aircraft');
    adsb.file = realDataPath('aircraft', 'opensky_states_all_2021-10-17_bao-eng.json');
    expect((await runJob(app)).statusCode).toBe(200);
    const earlier = new Map((await stored()).map((aircraft) => [aircraft.icao24, aircraft]));
    adsb.file = realDataPath('aircraft', 'opensky_states_all_2025-01-31_dan-pacia.json');
    expect((await runJob(app)).statusCode).toBe(200);
    const later = expectedOf('opensky_states_all_2025-01-31_dan-pacia.json').stored;
    const now = new Map((await stored()).map((aircraft) => [aircraft.icao24, aircraft]));
    // Aircraft of both days whose 2025 callsign is "" while 2021 had one: none keeps the 2021 callsign.
    const blanked = later.filter((aircraft) => aircraft.callsign === null && earlier.get(aircraft.icao24)?.callsign);
    expect(blanked.length).toBe(3);
    for (const aircraft of blanked) expect(now.get(aircraft.icao24)?.callsign).toBeNull();
    for (const aircraft of later) expect(now.get(aircraft.icao24)).toEqual(aircraft);
  });

  it('OpenSky: callsigns alone never make a firefighting aircraft (US-military HAWK2xx trainers, C-FRGY flown as CFRGY, TKR875)', async () => {
    const app = await appFor('opensky');
    await queryOnce(shared.database.url, 'DELETE FROM aircraft');
    adsb.file = realDataPath('aircraft', 'opensky_states_all_2025-01-31_dan-pacia.json');
    const response = await runJob(app);
    expect(response.json().result.firefighting).toBe(0);
    const rows = await queryOnce<{ callsign: string; firefighting: boolean; firefighting_reason: string | null }>(
      shared.database.url,
      "SELECT callsign, firefighting, firefighting_reason FROM aircraft WHERE callsign ~ '^(HAWK2|CFRGY|TKR)' ORDER BY callsign",
    );
    expect(rows.map((row) => row.callsign)).toEqual(['CFRGY', 'HAWK202', 'HAWK210', 'HAWK213', 'HAWK245', 'HAWK260', 'TKR875']);
    expect(rows.every((row) => !row.firefighting && row.firefighting_reason === null)).toBe(true);
  });

  it('a report without a callsign field keeps the callsign within the same flight, not after a long silence', async () => {
    // The one aircraft of the react1090 answer, reported again 30 s later and 3 hours later without `flight`.
    const recorded = JSON.parse(readFileSync(realDataPath('aircraft', 'readsb_2026-02-01_react1090.json'), 'utf8')) as { now: number; aircraft: Record<string, unknown>[] };
    const { flight: _flight, ...withoutFlight } = recorded.aircraft[0] as Record<string, unknown>;
    const app = await appFor('readsb');
    await queryOnce(shared.database.url, 'DELETE FROM aircraft');
    adsb.file = null;
    const callsign = async () => (await stored())[0]?.callsign;
    adsb.body = recorded;
    await runJob(app);
    expect(await callsign()).toBe('ANZ706M');
    adsb.body = { ...recorded, now: recorded.now + 30, aircraft: [withoutFlight] };
    await runJob(app);
    expect(await callsign()).toBe('ANZ706M');
    adsb.body = { ...recorded, now: recorded.now + 3 * 3600, aircraft: [withoutFlight] };
    await runJob(app);
    expect(await callsign()).toBeNull();
    // An empty `flight` is "no callsign now", at once.
    adsb.body = { ...recorded, now: recorded.now + 3 * 3600 + 30 };
    await runJob(app);
    expect(await callsign()).toBe('ANZ706M');
    adsb.body = { ...recorded, now: recorded.now + 3 * 3600 + 60, aircraft: [{ ...withoutFlight, flight: '        ' }] };
    await runJob(app);
    expect(await callsign()).toBeNull();
  });
});

describe('firefighting identification: type evidence or a registry match, never a callsign alone', () => {
  const identifier = FirefightingIdentifier.fromShippedList();
  const identify = (facts: Partial<{ typeCode: string; callsign: string; operator: string; registration: string }>) =>
    identifier.identify({ typeCode: null, callsign: null, operator: null, registration: null, ...facts });

  it('the callsigns of the OpenSky file flag nothing, with a type or without', () => {
    for (const callsign of ['HAWK202', 'HAWK260', 'CFRGY', 'TKR875', 'TANKER12', 'CALFIRE7']) {
      expect(identify({ callsign }), callsign).toEqual({ firefighting: false, reason: null });
    }
    // HAWK is a military callsign, and a Canadian registration flown as a callsign names no operation.
    expect(identify({ typeCode: 'H60', callsign: 'HAWK202' }).firefighting).toBe(false);
    expect(identify({ typeCode: 'AS50', callsign: 'CFRGY' }).firefighting).toBe(false);
  });

  it('each flag says what it rests on: the type, a dual-use type with evidence, or the registry', () => {
    expect(identify({ typeCode: 'CL4T' }).reason).toBe('type CL4T: Canadair CL-415 / DHC-515 water scooper');
    expect(identify({ typeCode: 'C130', callsign: 'TANKER131' }).reason).toMatch(/^dual-use type C130 \(.*\) with callsign TANKER131 matching \/\^TANKER\/$/);
    expect(identify({ operator: 'CALIFORNIA DEPARTMENT OF FORESTRY AND FIRE PROTECTION' }).reason).toMatch(/^registry operator "CALIFORNIA DEPARTMENT OF FORESTRY AND FIRE PROTECTION" matching .* \(type unknown\)$/);
    expect(identify({ typeCode: 'B737', operator: 'COULSON AVIATION (USA) INC' }).reason).toMatch(/^registry operator .* \(type B737\)$/);
  });

  it('airliners, freighters and King Airs are not tankers by type alone', () => {
    for (const typeCode of ['B744', 'B742', 'DC10', 'BE20', 'A148', 'AT8T', 'P3', 'RJ85']) {
      expect(identify({ typeCode }), typeCode).toEqual({ firefighting: false, reason: null });
    }
    expect(identify({ typeCode: 'RJ85', callsign: 'TANKER161' }).firefighting).toBe(true);
  });
});
