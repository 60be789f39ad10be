// An ADS-B answer is outside input: one entry whose numbers the database cannot hold (a speed of 1e39 or 5e-324 for a
// `real` column, an altitude past the `integer` one) or whose age makes no instant (`seen` of 1e20 s) is counted as
// unreadable, with its field, and the poll stores the others. Before, one such entry failed the whole poll: the parse
// threw on the invalid date, or PostgreSQL refused the batch ("out of range for type real").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const GOOD = { hex: 'd00001', flight: 'TANKER61', t: 'RJ85', lat: 40.0, lon: -121.0, alt_baro: 8000, gs: 220.5, track: 91.5, seen_pos: 0.5 };

const READSB_UNSTORABLE = [
  { ...GOOD, hex: 'd00002', gs: 1e39 },
  { ...GOOD, hex: 'd00003', gs: 5e-324 },
  { ...GOOD, hex: 'd00004', track: -1e-300 },
  { ...GOOD, hex: 'd00005', alt_baro: 1e12 },
  { ...GOOD, hex: 'd00006', seen: 1e20 },
  { ...GOOD, hex: 'd00007', seen_pos: -1e20 },
  { ...GOOD, hex: 'd00008', seen_pos: undefined, lat: null, lon: null, lastPosition: { lat: 40.1, lon: -121.1, seen_pos: 1e20 } },
];

/** An OpenSky state vector: icao24, callsign, country, time_position, last_contact, lon, lat, baro_altitude, on_ground, velocity, true_track. */
const state = (icao24: string, changes: { timePosition?: number; baroAltitude?: number; velocity?: number; track?: number } = {}, time = Date.now() / 1000) => [
  icao24, 'CALFIRE3', 'United States', changes.timePosition ?? time - 5, time, -121.9, 38.9, changes.baroAltitude ?? 1000, false,
  changes.velocity ?? 100, changes.track ?? 270, 0, null, 1050, '1200', false, 0,
];

describe('ADS-B entries the database cannot store', () => {
  let adsb: FakeAdsb;
  let subject: TestApp;
  const runJob = async () => (await subject.app.inject({ method: 'POST', url: '/api/jobs/aircraft', headers: authorized })).json();
  const stored = async () =>
    (await queryOnce<{ icao24: string }>(subject.database.url, 'SELECT icao24 FROM aircraft ORDER BY icao24')).map((row) => row.icao24);

  beforeAll(async () => {
    adsb = await startFakeAdsb();
    subject = await createTestApp({ ingesterEnabled: false, settings: { ADSB_URL: adsb.url } });
  });
  afterAll(async () => {
    await subject?.close();
    await adsb?.close();
  });

  it('a receiver answer: each such entry is counted by its field, and the good one is stored with its trail point', async () => {
    adsb.body = { now: Date.now() / 1000, aircraft: [GOOD, ...READSB_UNSTORABLE] };
    const response = await runJob();
    expect(response.status).toBe('done');
    expect(response.result).toMatchObject({ stored: 1, trackPositions: 1 });
    const reasons = Object.fromEntries(
      (response.result.rejected.reasons as { reason: string; examples: string[] }[]).map((entry) => [entry.reason, entry.examples]),
    );
    expect(reasons).toEqual({
      'unreadable gs': ['d00002', 'd00003'],
      'unreadable track': ['d00004'],
      'unreadable alt_baro': ['d00005'],
      'unreadable seen': ['d00006'],
      'unreadable seen_pos': ['d00007'],
      'unreadable lastPosition.seen_pos': ['d00008'],
    });
    expect(response.result.rejected.count).toBe(READSB_UNSTORABLE.length);
    expect(await stored()).toEqual(['d00001']);
    const [row] = await queryOnce<{ ground_speed_kt: number; track_deg: number }>(subject.database.url, "SELECT ground_speed_kt, track_deg FROM aircraft WHERE icao24 = 'd00001'");
    expect(row).toEqual({ ground_speed_kt: 220.5, track_deg: 91.5 });
  });

  it('an OpenSky answer: the same, each state counted by its field', async () => {
    adsb.body = {
      time: Math.floor(Date.now() / 1000),
      states: [
        state('e00001'),
        state('e00002', { timePosition: 1e20 }),
        state('e00003', { baroAltitude: 1e12 }),
        state('e00004', { velocity: 1e39 }),
        state('e00005', { track: 1e-300 }),
        // Year 11476: a Date holds it, PostgreSQL cannot read it.
        state('e00006', { timePosition: 3e11 }),
      ],
    };
    const response = await runJob();
    expect(response.status).toBe('done');
    expect(response.result.rejected).toEqual({
      count: 5,
      reasons: [
        { reason: 'unreadable time_position', count: 1, examples: ['e00002'] },
        { reason: 'unreadable baro_altitude', count: 1, examples: ['e00003'] },
        { reason: 'unreadable velocity', count: 1, examples: ['e00004'] },
        { reason: 'unreadable true_track', count: 1, examples: ['e00005'] },
        { reason: "report dated more than a day ahead of this computer's clock", count: 1, examples: ['e00006'] },
      ],
    });
    expect(await stored()).toEqual(['d00001', 'e00001']);
  });

  it('a receiver answer dated in 5138 is refused, each entry counted; an age a little below zero reads as now', async () => {
    adsb.body = { now: 1e11, aircraft: [{ ...GOOD, hex: 'f00001' }] };
    // Every entry refused: the answer is unusable, and the run says why.
    expect((await runJob()).error.message).toBe(
      "job \"aircraft\" failed: ADS-B answer has 1 entries and none is usable: 1 skipped: report dated more than a day ahead of this computer's clock (1, e.g. f00001)",
    );
    const now = Math.floor(Date.now() / 1000);
    adsb.body = { now, aircraft: [{ ...GOOD, hex: 'f00002', seen_pos: -0.4 }] };
    expect((await runJob()).result).toMatchObject({ stored: 1, rejected: { count: 0 } });
    const [row] = await queryOnce<{ seen_at: Date }>(subject.database.url, "SELECT seen_at FROM aircraft WHERE icao24 = 'f00002'");
    expect(row?.seen_at.getTime()).toBe(now * 1000);
    expect(await stored()).not.toContain('f00001');
  });
});
