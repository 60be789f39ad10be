import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe('aircraft track table: positions, trails, playback positions, daily partitions', () => {
  let adsb: FakeAdsb;
  let subject: TestApp;
  const runJob = async (name: string) => (await subject.app.inject({ method: 'POST', url: `/api/jobs/${name}`, headers: authorized })).json();
  const get = async (url: string) => subject.app.inject({ method: 'GET', url, headers: authorized });
  const trackOf = async (icao24: string) =>
    queryOnce<{ seen_at: Date; lon: number; lat: number }>(
      subject.database.url,
      'SELECT seen_at, ST_X(geom) AS lon, ST_Y(geom) AS lat FROM aircraft_positions WHERE icao24 = $1 ORDER BY seen_at',
      [icao24],
    );

  beforeAll(async () => {
    adsb = await startFakeAdsb();
    subject = await createTestApp({ ingesterEnabled: false, retentionDays: 30, settings: { ADSB_URL: adsb.url } });
  });
  afterAll(async () => {
    await subject?.close();
    await adsb?.close();
  });

  it('GET /api/aircraft/recorded: no span before the first position is kept', async () => {
    const response = await get('/api/aircraft/recorded');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ from: null, to: null });
    expect((await get('/api/aircraft/recorded?from=1h')).statusCode).toBe(400);
  });

  it('writes each new position once: the same report again adds nothing, a moved one adds a point', async () => {
    const now = Date.now() - 20_000;
    adsb.body = {
      now: now / 1000,
      aircraft: [
        { hex: 'c00001', flight: 'TANKER60', t: 'RJ85', lat: 40.0, lon: -121.0, alt_baro: 8000, seen_pos: 0 },
        { hex: 'c00002', flight: 'UAL1', t: 'B738', lat: 41.0, lon: -122.0, alt_baro: 33000, seen_pos: 0 },
      ],
    };
    expect((await runJob('aircraft')).result).toMatchObject({ stored: 2, trackPositions: 2 });
    // The same answer again: same positions, same times.
    expect((await runJob('aircraft')).result).toMatchObject({ stored: 0, trackPositions: 0 });
    adsb.body = {
      now: (now + 10_000) / 1000,
      aircraft: [
        { hex: 'c00001', flight: 'TANKER60', t: 'RJ85', lat: 40.05, lon: -121.05, alt_baro: 8000, seen_pos: 0 },
        { hex: 'c00002', flight: 'UAL1', t: 'B738', lat: 41.0, lon: -122.0, alt_baro: 33000, seen_pos: 0 },
      ],
    };
    // c00001 moved; c00002 reported the same place 10 s later: newer in the aircraft table, not a new track point.
    expect((await runJob('aircraft')).result).toMatchObject({ stored: 2, trackPositions: 1 });
    expect(await trackOf('c00001')).toHaveLength(2);
    expect(await trackOf('c00002')).toHaveLength(1);
  });

  it('GET /api/aircraft/recorded: the oldest and newest positions kept (playback has aircraft only between them)', async () => {
    const [span] = await queryOnce<{ from: Date; to: Date }>(subject.database.url, 'SELECT min(seen_at) AS "from", max(seen_at) AS "to" FROM aircraft_positions');
    expect(span!.from.getTime()).toBeLessThan(span!.to.getTime());
    expect((await get('/api/aircraft/recorded')).json()).toEqual({ from: span!.from.toISOString(), to: span!.to.toISOString() });
  });

  it('answers trails as time-ordered LineStrings of the aircraft in view, at most `points` each', async () => {
    // 300 positions of one aircraft over the last 25 minutes, a zigzag north so simplification cannot drop all.
    const start = Date.now() - 25 * MINUTE;
    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft_positions (icao24, seen_at, geom, altitude_ft, on_ground)
       SELECT 'c00003', $1::timestamptz + g * interval '5 seconds',
              ST_SetSRID(ST_MakePoint(-120.0 + (g % 2) * 0.02, 39.0 + g * 0.005), 4326), 5000, false
       FROM generate_series(0, 299) g`,
      [new Date(start)],
    );
    const response = await get('/api/aircraft/trails?bbox=-125,35,-115,45&minutes=30&points=50');
    expect(response.statusCode).toBe(200);
    const trails = response.json() as Array<{ icao24: string; since: string; until: string; geometry: { type: string; coordinates: number[][] } }>;
    const zigzag = trails.find((trail) => trail.icao24 === 'c00003');
    expect(zigzag?.geometry.type).toBe('LineString');
    expect(zigzag!.geometry.coordinates.length).toBeGreaterThanOrEqual(2);
    expect(zigzag!.geometry.coordinates.length).toBeLessThanOrEqual(50);
    // Ordered by time: it starts at the first position and ends at the last.
    expect(zigzag!.geometry.coordinates[0]).toEqual([-120, 39]);
    const last = zigzag!.geometry.coordinates.at(-1)!;
    expect(last[0]).toBeCloseTo(-119.98, 6);
    expect(last[1]).toBeCloseTo(39 + 299 * 0.005, 6);
    expect(Date.parse(zigzag!.until)).toBeGreaterThan(Date.parse(zigzag!.since));
    // The moved tanker has a two-point trail; the airliner that never moved has none.
    expect(trails.find((trail) => trail.icao24 === 'c00001')?.geometry.coordinates).toHaveLength(2);
    expect(trails.find((trail) => trail.icao24 === 'c00002')).toBeUndefined();
    // Out of view: nothing.
    expect((await get('/api/aircraft/trails?bbox=10,10,20,20')).json()).toEqual([]);
    // A window of 5 minutes keeps only the last positions.
    const short = (await get('/api/aircraft/trails?bbox=-125,35,-115,45&minutes=5')).json() as typeof trails;
    const recent = short.find((trail) => trail.icao24 === 'c00003');
    expect(Date.parse(recent!.since)).toBeGreaterThanOrEqual(Date.now() - 5 * MINUTE - 1_000);
  });

  it('refuses bad trail parameters with 400', async () => {
    for (const query of ['minutes=0', 'minutes=181', 'minutes=ten', 'points=1', 'points=501', 'bbox=1,2,3', 'at=yesterday', 'colour=red']) {
      const response = await get(`/api/aircraft/trails?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });

  it('answers where each aircraft was at a past minute (at=), from the track table', async () => {
    // c00003 flew north 0.005° every 5 s from `start`; 10 minutes in it was at position 120.
    const [first] = await trackOf('c00003');
    const at = new Date(first!.seen_at.getTime() + 10 * MINUTE);
    const minute = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
    const response = await get(`/api/aircraft?bbox=-125,35,-115,45&at=${minute.toISOString()}`);
    expect(response.statusCode).toBe(200);
    const positions = response.json() as Array<{ icao24: string; latitude: number; seenAt: string }>;
    const then = positions.find((aircraft) => aircraft.icao24 === 'c00003');
    expect(then).toBeDefined();
    // The latest position at or before the end of that minute.
    expect(Date.parse(then!.seenAt)).toBeLessThan(minute.getTime() + MINUTE);
    expect(Date.parse(then!.seenAt)).toBeGreaterThanOrEqual(minute.getTime() + MINUTE - 5_000);
    const index = Math.round((Date.parse(then!.seenAt) - first!.seen_at.getTime()) / 5_000);
    expect(then!.latitude).toBeCloseTo(39 + index * 0.005, 6);
    // Now: the live answer has it at its last position; long before: nobody.
    const before = await get(`/api/aircraft?at=${new Date(first!.seen_at.getTime() - 2 * 3_600_000).toISOString()}`);
    expect(before.json().find((aircraft: { icao24: string }) => aircraft.icao24 === 'c00003')).toBeUndefined();
  });

  it('the partitions job creates aircraft_positions days ahead and drops days past the retention', async () => {
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10).replace(/-/g, '');
    await queryOnce(subject.database.url, "SELECT vantage_ensure_daily_partitions('aircraft_positions'::regclass, 'seen_at', $1::date, 5)", [
      new Date(today.getTime() - 35 * DAY).toISOString().slice(0, 10),
    ]);
    await queryOnce(
      subject.database.url,
      "INSERT INTO aircraft_positions (icao24, seen_at, geom) VALUES ('c00009', $1, ST_SetSRID(ST_MakePoint(1, 1), 4326)), ('c00009', $2, ST_SetSRID(ST_MakePoint(1, 1), 4326))",
      [new Date(today.getTime() - 34 * DAY), new Date(today.getTime() - 90 * DAY)],
    );
    const response = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.dropped.aircraft_positions).toBe(5);
    const names = (
      await queryOnce<{ name: string }>(
        subject.database.url,
        "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'aircraft_positions'::regclass ORDER BY 1",
      )
    ).map((row) => row.name);
    expect(names).toContain('aircraft_positions_default');
    expect(names).toContain(`aircraft_positions_p${day(0)}`);
    expect(names).toContain(`aircraft_positions_p${day(-1)}`);
    expect(names).toContain(`aircraft_positions_p${day(1)}`);
    expect(names.filter((name) => name < `aircraft_positions_p${day(-30)}` && name !== 'aircraft_positions_default')).toEqual([]);
    // The stray in the default partition past the cutoff went too; recent positions stay.
    const old = await queryOnce<{ n: string }>(subject.database.url, "SELECT count(*) AS n FROM aircraft_positions WHERE icao24 = 'c00009'");
    expect(Number(old[0]?.n)).toBe(0);
    expect((await trackOf('c00001')).length).toBe(2);
  });

  it('GET /api/aircraft/recorded?at=: a minute with no position kept around it lies in a gap, from the last one before to the first after', async () => {
    // Two polls four and a half days back, an hour apart, and nothing between them (the app was closed).
    const first = Date.now() - 4.5 * DAY;
    const second = first + 3_600_000;
    await queryOnce(
      subject.database.url,
      "INSERT INTO aircraft_positions (icao24, seen_at, geom) VALUES ('c0000a', $1, ST_SetSRID(ST_MakePoint(2, 2), 4326)), ('c0000a', $2, ST_SetSRID(ST_MakePoint(2, 2), 4326))",
      [new Date(first), new Date(second)],
    );
    const recordedAt = async (at: number) => (await get(`/api/aircraft/recorded?at=${new Date(at).toISOString()}`)).json();
    // Half an hour after the first poll: a gap, named by the polls on either side.
    expect((await recordedAt(first + 1_800_000)).gap).toEqual({ from: new Date(first).toISOString(), to: new Date(second).toISOString() });
    // The minute of a poll, and the minute after it (within the max age): kept.
    expect((await recordedAt(second)).gap).toBeNull();
    expect((await recordedAt(second + 60_000)).gap).toBeNull();
    // Without at, no word of a gap; a bad minute is refused.
    expect((await get('/api/aircraft/recorded')).json()).not.toHaveProperty('gap');
    const bad = await get('/api/aircraft/recorded?at=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
  });
});
