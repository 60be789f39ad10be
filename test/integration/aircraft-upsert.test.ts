// The aircraft upsert and track writes go through COPY (CSV): any text a receiver sends comes back as it was sent,
// nulls stay null, a late report does not overwrite a newer one, and the track takes only the reports it is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AircraftRepository, type IdentifiedPosition } from '../../server/aircraft/aircraft-repository.js';
import { createDatabase, type Database } from '../../server/db/database.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const report = (icao24: string, seenAt: string, overrides: Partial<IdentifiedPosition> = {}): IdentifiedPosition => ({
  icao24,
  callsign: 'TANKER1',
  registration: 'N123',
  typeCode: 'C130',
  operator: 'US FOREST SERVICE',
  latitude: 38.5,
  longitude: -120.25,
  altitudeFt: 4500,
  onGround: false,
  groundSpeedKt: 180.5,
  trackDeg: 270.25,
  seenAt,
  firefighting: true,
  firefightingReason: 'type C130',
  source: 'readsb',
  ...overrides,
});

describe('aircraft upsert and track (real PostgreSQL + PostGIS)', () => {
  let database: TestDatabase;
  let db: Database;
  let aircraft: AircraftRepository;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    aircraft = new AircraftRepository(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('stores text with commas, quotes, line breaks, backslashes and non-ASCII as sent; nulls as null, empty text as empty', async () => {
    const awkward = report('a1b2c3', new Date().toISOString(), {
      callsign: 'CAL "FIRE", 7',
      operator: 'Département des forêts,\nline two \\N \\. end',
      registration: '',
      typeCode: null,
      altitudeFt: null,
      groundSpeedKt: null,
      trackDeg: null,
      firefightingReason: null,
      onGround: true,
    });
    const counts = await aircraft.upsert([awkward], new Map());
    expect(counts).toEqual({ stored: 1, positions: 1 });
    const [row] = await aircraft.find({ seenSince: new Date(Date.now() - 60_000), firefightingOnly: false, limit: 10 });
    // Every field comes back as it was sent.
    const { callsign, operator, registration, typeCode, altitudeFt, groundSpeedKt, trackDeg, onGround, latitude, longitude, seenAt, firefighting } = awkward;
    expect(row).toMatchObject({
      icao24: 'a1b2c3', callsign, operator, registration, typeCode, altitudeFt, groundSpeedKt, trackDeg, onGround, latitude, longitude, seenAt, firefighting,
      firefightingReason: null,
    });
    const track = await queryOnce<{ icao24: string; seen_at: Date; x: number; y: number; altitude_ft: number | null; on_ground: boolean }>(
      database.url,
      "SELECT icao24, seen_at, ST_X(geom) AS x, ST_Y(geom) AS y, altitude_ft, on_ground FROM aircraft_positions WHERE icao24 = 'a1b2c3'",
    );
    expect(track).toEqual([{ icao24: 'a1b2c3', seen_at: new Date(awkward.seenAt), x: -120.25, y: 38.5, altitude_ft: null, on_ground: true }]);
  });

  it('keeps a newer stored report over a late one; the track takes a report only when the rule says so', async () => {
    const now = Date.now();
    const first = report('d4e5f6', new Date(now - 30_000).toISOString());
    expect(await aircraft.upsert([first], new Map())).toEqual({ stored: 1, positions: 1 });
    const late = report('d4e5f6', new Date(now - 60_000).toISOString(), { latitude: 10, longitude: 10, callsign: 'LATE' });
    expect(await aircraft.upsert([late], await aircraft.known(['d4e5f6']))).toEqual({ stored: 0, positions: 0 });
    expect(await aircraft.upsert([first], await aircraft.known(['d4e5f6']))).toEqual({ stored: 0, positions: 0 });
    const moved = report('d4e5f6', new Date(now - 10_000).toISOString(), { latitude: 38.6 });
    expect(await aircraft.upsert([moved], await aircraft.known(['d4e5f6']))).toEqual({ stored: 1, positions: 1 });
    const rows = await aircraft.find({ seenSince: new Date(now - 120_000), firefightingOnly: false, limit: 10 });
    expect(rows.find((row) => row.icao24 === 'd4e5f6')).toMatchObject({ icao24: 'd4e5f6', callsign: 'TANKER1', latitude: 38.6, seenAt: moved.seenAt });
    const track = await queryOnce<{ y: number }>(database.url, "SELECT ST_Y(geom) AS y FROM aircraft_positions WHERE icao24 = 'd4e5f6' ORDER BY seen_at");
    expect(track.map((point) => point.y)).toEqual([38.5, 38.6]);
  });

  it('takes the reports after a clock set back: what was stored dated ahead of now does not hold the aircraft still', async () => {
    const now = Date.now();
    // Stored while this computer's clock ran an hour fast; the clock has been corrected since.
    const ahead = report('f0e1d2', new Date(now + 3_600_000).toISOString());
    expect(await aircraft.upsert([ahead], new Map())).toEqual({ stored: 1, positions: 1 });
    const current = report('f0e1d2', new Date(now).toISOString(), { latitude: 38.9 });
    expect(await aircraft.upsert([current], await aircraft.known(['f0e1d2']))).toEqual({ stored: 1, positions: 1 });
    const rows = await aircraft.find({ seenSince: new Date(now - 120_000), firefightingOnly: false, limit: 10 });
    expect(rows.find((row) => row.icao24 === 'f0e1d2')).toMatchObject({ latitude: 38.9, seenAt: current.seenAt });
  });
});
