import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CORRELATIONS_SUBJECT } from '../../server/live/live-subjects.js';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MILE = 1609.344;
const FIRE = { lon: -120.5, lat: 38.2 };

describe('aircraft (fake readsb on loopback) and the 20-mile correlation', () => {
  let nats: OwnNats;
  let adsb: FakeAdsb;
  let subject: TestApp;
  let bus: NatsConnection;
  let live: Subscription;
  const announced: unknown[] = [];

  /** The point `miles` due north of `from`, on the spheroid, as PostGIS computes it. */
  const north = async (from: { lon: number; lat: number }, miles: number) => {
    const [row] = await queryOnce<{ lon: number; lat: number }>(
      subject.database.url,
      'SELECT ST_X(p::geometry) AS lon, ST_Y(p::geometry) AS lat FROM ST_Project(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, 0) AS p',
      [from.lon, from.lat, miles * MILE],
    );
    return row as { lon: number; lat: number };
  };
  const runJob = async (name: string) => (await subject.app.inject({ method: 'POST', url: `/api/jobs/${name}`, headers: authorized })).json();

  beforeAll(async () => {
    nats = await startOwnNats();
    adsb = await startFakeAdsb();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false, settings: { ADSB_URL: adsb.url } });
    bus = await connect({ servers: nats.url, token: nats.token });
    live = bus.subscribe(LIVE_CORRELATIONS_SUBJECT, { callback: (_error, message) => announced.push(...(JSONCodec().decode(message.data) as unknown[])) });
    const acqTime = new Date(Date.now() - 3_600_000).toISOString();
    await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: [{ latitude: FIRE.lat, longitude: FIRE.lon, acq_time: acqTime, satellite: 'N20', confidence: 'h', frp: 30 }],
    });
  });
  afterAll(async () => {
    live?.unsubscribe();
    await bus?.close();
    await subject?.close();
    await adsb?.close();
    await nats?.stop();
  });

  it('pairs a firefighting aircraft at 19.9 miles, not one at 20.1, and never a non-firefighter', async () => {
    const near = await north(FIRE, 19.9);
    const far = await north(FIRE, 20.1);
    const now = Date.now() / 1000;
    adsb.body = {
      now,
      aircraft: [
        { hex: 'a00001', flight: 'TANKER12', t: 'RJ85', lat: near.lat, lon: near.lon, alt_baro: 9000, seen_pos: 1 },
        { hex: 'a00002', flight: 'TANKER14', t: 'MD87', lat: far.lat, lon: far.lon, alt_baro: 9000, seen_pos: 1 },
        { hex: 'a00003', flight: 'SWA1234', t: 'B738', lat: FIRE.lat, lon: FIRE.lon, alt_baro: 30000, seen_pos: 1 },
        { hex: 'a00004', flight: 'RCH55', t: 'C130', lat: FIRE.lat, lon: FIRE.lon, alt_baro: 20000, seen_pos: 1 },
      ],
    };
    const result = await runJob('aircraft');
    expect(result.result).toMatchObject({ format: 'readsb', received: 4, stored: 4, firefighting: 2, correlations: { pairs: 1, newPairs: 1 } });
    const pairs = (await subject.app.inject({ method: 'GET', url: '/api/correlations', headers: authorized })).json();
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ icao24: 'a00001', targetType: 'fire', callsign: 'TANKER12', typeCode: 'RJ85', incidentLatitude: null, incidentLongitude: null });
    expect(pairs[0].distanceMiles).toBeCloseTo(19.9, 2);
    expect(pairs[0].reason).toMatch(/type RJ85/);
    await expect.poll(() => announced.length).toBe(1);
    // The same pair again is not new.
    expect((await runJob('aircraft')).result.correlations).toEqual({ pairs: 1, newPairs: 0 });
  });

  it('pairs with incidents too, at the same radius', async () => {
    const incident = await north(FIRE, 60);
    await queryOnce(
      subject.database.url,
      "INSERT INTO incidents (irwin_id, name, geom) VALUES ('test-incident', 'Test Incident', ST_SetSRID(ST_MakePoint($1, $2), 4326))",
      [incident.lon, incident.lat],
    );
    const scooper = await north(incident, 5);
    adsb.body = { now: Date.now() / 1000, aircraft: [{ hex: 'a00005', t: 'CL4T', lat: scooper.lat, lon: scooper.lon, alt_baro: 500, seen_pos: 0 }] };
    expect((await runJob('aircraft')).result.correlations).toMatchObject({ newPairs: 1 });
    const pairs = (await subject.app.inject({ method: 'GET', url: '/api/correlations', headers: authorized })).json();
    expect(pairs.find((pair: { targetType: string }) => pair.targetType === 'incident')).toMatchObject({
      icao24: 'a00005',
      targetId: 'test-incident',
      incidentName: 'Test Incident',
      incidentLongitude: expect.closeTo(incident.lon, 9),
      incidentLatitude: expect.closeTo(incident.lat, 9),
    });
  });

  it('GET /api/aircraft serves last-known positions in a bbox, firefighters on request, not the stale ones', async () => {
    await queryOnce(subject.database.url, "UPDATE aircraft SET seen_at = now() - interval '1 hour' WHERE icao24 = 'a00002'");
    const all = (await subject.app.inject({ method: 'GET', url: '/api/aircraft?bbox=-125,32,-114,42', headers: authorized })).json();
    expect(all.map((aircraft: { icao24: string }) => aircraft.icao24).sort()).toEqual(['a00001', 'a00003', 'a00004', 'a00005']);
    const firefighters = (await subject.app.inject({ method: 'GET', url: '/api/aircraft?firefighting=true', headers: authorized })).json();
    expect(firefighters.map((aircraft: { icao24: string }) => aircraft.icao24).sort()).toEqual(['a00001', 'a00005']);
    expect(firefighters[0].firefightingReason).toBeTruthy();
    const bad = await subject.app.inject({ method: 'GET', url: '/api/aircraft?bbox=1,2', headers: authorized });
    expect(bad.statusCode).toBe(400);
  });

  it('reads OpenSky states as well (no type there, so a firefighting callsign alone flags nothing)', async () => {
    adsb.body = { time: Math.floor(Date.now() / 1000), states: [['a0000f', 'CALFIRE7', 'United States', Math.floor(Date.now() / 1000), Math.floor(Date.now() / 1000), -121, 39, 900, false, 80, 10, 0, null, 950, null, false, 0]] };
    const result = await runJob('aircraft');
    expect(result.result).toMatchObject({ format: 'opensky', received: 1, firefighting: 0 });
  });

  it('an incident gone from the feed pairs with no aircraft', async () => {
    const incident = await north(FIRE, 120);
    await queryOnce(
      subject.database.url,
      "INSERT INTO incidents (irwin_id, name, geom, left_feed_at) VALUES ('gone-incident', 'Gone Incident', ST_SetSRID(ST_MakePoint($1, $2), 4326), now())",
      [incident.lon, incident.lat],
    );
    const scooper = await north(incident, 5);
    adsb.body = { now: Date.now() / 1000, aircraft: [{ hex: 'a00006', t: 'CL4T', lat: scooper.lat, lon: scooper.lon, alt_baro: 500, seen_pos: 0 }] };
    expect((await runJob('aircraft')).result.correlations).toMatchObject({ newPairs: 0 });
    await queryOnce(subject.database.url, "UPDATE incidents SET left_feed_at = NULL WHERE irwin_id = 'gone-incident'");
    expect((await runJob('aircraft')).result.correlations).toMatchObject({ newPairs: 1 });
  });
});
