import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraEvents } from '../../server/cameras/camera-events.js';
import { LIVE_ALERTS_SUBJECT } from '../../server/live/live-subjects.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import type { EventRecord } from '../../server/events/event-record.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { cameraMessage } from '../support/event-fixtures.js';
import { startFakeAdsb, type FakeAdsb } from '../support/fake-adsb.js';
import { startFakeWfigs, type FakeWfigs } from '../support/fake-wfigs.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const box = (west: number, south: number, east: number, north: number) => ({
  type: 'Polygon',
  coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]],
});

interface AlertBody {
  objectType: string;
  objectId: string;
  geofenceName: string;
  title: string;
}

describe('geofences and alerts (real bus, ingester and pollers with fakes on loopback)', () => {
  let nats: OwnNats;
  let adsb: FakeAdsb;
  let wfigs: FakeWfigs;
  let subject: TestApp;
  let workers: Workers;
  let bus: NatsConnection;
  let live: Subscription;
  const announced: AlertBody[] = [];
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload ? { payload: payload as object } : {}) });
  const alerts = async (query = ''): Promise<AlertBody[]> => (await api('GET', `/api/alerts${query}`)).json();
  const fence = async (name: string, geometry: unknown) => {
    const response = await api('POST', '/api/geofences', { name, geometry });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const fly = async (hex: string, lon: number, lat: number, altitude: number | 'ground' = 3000) => {
    adsb.body = { now: Date.now() / 1000, aircraft: [{ hex, flight: 'TEST1', t: 'C172', lat, lon, alt_baro: altitude, seen_pos: 0 }] };
    const response = await api('POST', '/api/jobs/aircraft');
    expect(response.statusCode).toBe(200);
    return response.json().result.alerts as number;
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    adsb = await startFakeAdsb();
    wfigs = await startFakeWfigs();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, settings: { ADSB_URL: adsb.url, WILDFIRE_INCIDENTS_URL: wfigs.url } });
    workers = startWorkers(subject.app);
    bus = await connect({ servers: nats.url, token: nats.token });
    live = bus.subscribe(LIVE_ALERTS_SUBJECT, { callback: (_error, message) => announced.push(JSONCodec().decode(message.data) as AlertBody) });
  });
  afterAll(async () => {
    live?.unsubscribe();
    await bus?.close();
    await workers?.stop();
    await subject?.close();
    await adsb?.close();
    await wfigs?.close();
    await nats?.stop();
  });

  it('refuses invalid geometry with 400 and stores nothing', async () => {
    const bad = [
      { name: 'open ring', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] } },
      { name: 'bow tie', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] } },
      { name: 'too few', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [0, 0]]] } },
      { name: 'off the globe', geometry: box(0, 80, 10, 95) },
      { name: 'a point', geometry: { type: 'Point', coordinates: [0, 0] } },
      { name: '', geometry: box(0, 0, 1, 1) },
      { name: 'huge', geometry: { type: 'Polygon', coordinates: [[...Array.from({ length: 10_001 }, (_, i) => [i / 10_000, Math.sin(i) / 10]), [0, 0]]] } },
    ];
    for (const body of bad) {
      const response = await api('POST', '/api/geofences', body);
      expect(response.statusCode, body.name).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
    }
    expect((await api('POST', '/api/geofences', bad[1])).json().error.message).toMatch(/^geometry is not valid: the outline crosses itself near /);
    expect(await api('GET', '/api/geofences').then((response) => response.json())).toEqual([]);
  });

  it('creates, lists and deletes fences; a name kept already (in any case) is refused with 409, and free again once deleted', async () => {
    const created = await fence('Temporary', box(0, 0, 1, 1));
    expect((await api('GET', '/api/geofences')).json().map((entry: { name: string }) => entry.name)).toEqual(['Temporary']);
    const again = await api('POST', '/api/geofences', { name: ' temporary ', geometry: box(2, 2, 3, 3) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'geofence_name_taken', message: 'a geofence named “temporary” already exists: choose another name' });
    expect((await api('GET', '/api/geofences')).json()).toHaveLength(1);
    expect((await api('DELETE', `/api/geofences/${created.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/geofences/${created.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', '/api/geofences/not-a-number')).statusCode).toBe(400);
    const reused = await fence('Temporary', box(0, 0, 1, 1));
    expect((await api('DELETE', `/api/geofences/${reused.id}`)).statusCode).toBe(204);
    // Asked for at once, twice: one is made, the other refused (the unique index decides, not a look beforehand).
    const both = await Promise.all([0, 1].map(() => api('POST', '/api/geofences', { name: 'Twice', geometry: box(4, 4, 5, 5) })));
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const twice = both.find((answer) => answer.statusCode === 201)!.json() as { id: string };
    expect((await api('DELETE', `/api/geofences/${twice.id}`)).statusCode).toBe(204);
  });

  it('a new fire inside a fence raises one alert (through the bus and the ingester), one outside none', async () => {
    await fence('Sonoma', box(-123.5, 38, -122, 39));
    const acq = new Date(Date.now() - 600_000).toISOString();
    const fires = [
      { latitude: 38.5, longitude: -122.7, acq_time: acq, satellite: 'N20' },
      { latitude: 45.0, longitude: -100.0, acq_time: acq, satellite: 'N20' },
    ];
    expect((await api('POST', '/api/ingest/fires', fires)).json().stored).toBe(2);
    await waitFor(async () => ((await alerts()).length === 1 ? true : undefined), 10_000, 'the fire alert');
    const [alert] = await alerts();
    expect(alert).toMatchObject({ objectType: 'fire', geofenceName: 'Sonoma' });
    // It says when the fire was detected: raised now, it may be of a detection hours old.
    const detected = new Date(acq);
    expect(alert?.title).toMatch(new RegExp(`^Fire detection by NOAA-20 at 38\\.500, -122\\.700 · detected ${detected.getUTCDate()} [A-Z][a-z]{2} ${acq.slice(11, 16)} UTC$`));
    await waitFor(() => (announced.some((item) => item.objectType === 'fire') ? true : undefined), 5_000, 'the live alert');

    // Renamed, the fence's alerts name it as it is now called; a name another fence has, an unknown fence and an empty
    // name are refused, and change nothing.
    const sonoma = (await api('GET', '/api/geofences')).json().find((entry: { name: string }) => entry.name === 'Sonoma') as { id: string };
    const renamed = await api('PATCH', `/api/geofences/${sonoma.id}`, { name: ' Sonoma County ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: sonoma.id, name: 'Sonoma County' });
    expect((await alerts())[0]).toMatchObject({ geofenceName: 'Sonoma County' });
    const other = await fence('Napa', box(-122.6, 38.2, -122.2, 38.6));
    const taken = await api('PATCH', `/api/geofences/${other.id}`, { name: 'sonoma county' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('geofence_name_taken');
    expect((await api('PATCH', '/api/geofences/999999', { name: 'Nowhere' })).statusCode).toBe(404);
    expect((await api('PATCH', `/api/geofences/${other.id}`, { name: '  ' })).statusCode).toBe(400);
    expect((await api('PATCH', `/api/geofences/${other.id}`, { name: 'x', geometry: box(0, 0, 1, 1) })).statusCode).toBe(400);
    expect((await api('GET', '/api/geofences')).json().map((entry: { name: string }) => entry.name).sort()).toEqual(['Napa', 'Sonoma County']);
    expect((await api('DELETE', `/api/geofences/${other.id}`)).statusCode).toBe(204);
  });

  it('an aircraft overhead when a fence is drawn is not news: the first poll after takes it as there; leaving and coming back alerts', async () => {
    // Drawn over an aircraft already circling: the fence's first aircraft poll raises nothing.
    expect(await fly('b00009', -122.8, 38.7)).toBe(0);
    expect(await fly('b00009', -122.9, 38.8)).toBe(0);
    expect(await fly('b00009', -110, 38.8)).toBe(0);
    expect(await fly('b00009', -122.9, 38.8)).toBe(1);
  });

  it('an aircraft circling inside raises one alert; leaving and coming back raises another', async () => {
    expect(await fly('b00001', -122.5, 38.5)).toBe(1);
    expect(await fly('b00001', -122.6, 38.6)).toBe(0);
    expect(await fly('b00001', -110, 38.6)).toBe(0);
    expect(await fly('b00001', -122.4, 38.4)).toBe(1);
    expect((await alerts()).filter((alert) => alert.objectId === 'b00001')).toHaveLength(2);
  });

  it('an airliner on the ground inside a fence raises nothing; once it takes off, one alert', async () => {
    expect(await fly('b00777', -122.45, 38.45, 'ground')).toBe(0);
    expect(await fly('b00777', -122.46, 38.46, 'ground')).toBe(0);
    expect((await alerts()).filter((alert) => alert.objectId === 'b00777')).toHaveLength(0);
    expect(await fly('b00777', -122.47, 38.47, 1200)).toBe(1);
  });

  it('a fence across the antimeridian catches objects on both sides', async () => {
    const pacific = await fence('Fiji waters', box(170, -20, 190, -10));
    const stored = (await api('GET', '/api/geofences')).json().find((entry: { id: string }) => entry.id === pacific.id);
    expect(stored.geometry.type).toBe('MultiPolygon');
    // Its first aircraft poll (nothing of this test inside yet) is the one that takes what is there.
    expect(await fly('b00005', 0, 50)).toBe(0);
    expect(await fly('b00002', -175, -15)).toBe(1);
    expect(await fly('b00003', 175, -15)).toBe(1);
    expect(await fly('b00004', 0, -15)).toBe(0);
    expect((await alerts(`?geofence=${pacific.id}`)).map((alert) => alert.objectId).sort()).toEqual(['b00002', 'b00003']);
  });

  it('parts that overlap once wrapped into ±180 are stored as one valid shape, which PostGIS can intersect', async () => {
    // 10–20° and 375–385° (15–25° once wrapped); a ring from -200° to 200° (wrapped: the world's width, and then some).
    const overlapping = await fence('Drawn twice', {
      type: 'MultiPolygon',
      coordinates: [box(10, 0, 20, 10).coordinates, box(375, 0, 385, 10).coordinates],
    });
    const around = await fence('Around the world', box(-200, 40, 200, 50));
    for (const id of [overlapping.id, around.id]) {
      const [row] = await queryOnce<{ valid: boolean; west: number; east: number; intersects: boolean }>(
        subject.database.url,
        `SELECT ST_IsValid(geom) AS valid, ST_XMin(geom) AS west, ST_XMax(geom) AS east,
                ST_Intersects(geom, ST_MakeEnvelope(12, 2, 23, 8, 4326)) OR ST_Intersects(geom, ST_MakeEnvelope(0, 42, 30, 48, 4326)) AS intersects
         FROM geofences WHERE id = $1`,
        [id],
      );
      expect(row).toMatchObject({ valid: true, intersects: true });
      if (id === overlapping.id) expect([row?.west, row?.east]).toEqual([10, 25]);
      else expect([row?.west, row?.east]).toEqual([-180, 180]);
    }
    for (const id of [overlapping.id, around.id]) expect((await api('DELETE', `/api/geofences/${id}`)).statusCode).toBe(204);
  });

  it('incidents known when a fence is drawn raise nothing; a new one inside raises one alert, once; camera events too', async () => {
    // Glass (Sonoma) was burning before the fence: the fence's first incidents run takes it as there.
    const incidents = await api('POST', '/api/jobs/incidents');
    expect(incidents.json().result.alerts).toBe(0);
    const known = (JSON.parse(wfigs.pages[0]!) as { features: Array<{ id: number; geometry: unknown; properties: Record<string, unknown> }> }).features;
    const glass = known.find((feature) => feature.properties.IncidentName === 'Glass')!;
    const spotted = { ...glass, id: 999, geometry: { type: 'Point', coordinates: [-122.9, 38.6] }, properties: { ...glass.properties, IrwinID: '{00000000-0000-4000-8000-00000000BEEF}', IncidentName: 'Spot' } };
    wfigs.features = [...known, ...(JSON.parse(wfigs.pages[1]!) as { features: unknown[] }).features, spotted];
    expect((await api('POST', '/api/jobs/incidents')).json().result.alerts).toBe(1);
    expect((await api('POST', '/api/jobs/incidents')).json().result.alerts).toBe(0);
    await fence('Seoul', box(126.5, 37, 127.5, 38));
    await new EventPublisher(bus).publishOne(cameraEvents, cameraMessage());
    await waitFor(async () => ((await alerts()).some((alert) => alert.objectType === 'camera') ? true : undefined), 10_000, 'the camera alert');
    const rows = await queryOnce<{ object_type: string; n: string }>(subject.database.url, 'SELECT object_type, count(*) AS n FROM alerts GROUP BY 1 ORDER BY 1');
    expect(rows.map((row) => [row.object_type, Number(row.n)])).toEqual([
      ['aircraft', 6],
      ['camera', 1],
      ['fire', 1],
      ['incident', 1],
    ]);
    expect((await api('GET', '/api/alerts?since=nonsense')).statusCode).toBe(400);
  });

  it('the geofence filter keeps the aircraft and incidents answered to what lies inside the fence; an unknown fence is 404', async () => {
    const west = -123.5;
    const south = 38;
    const east = -122;
    const north = 39;
    const { id } = await fence('Filter box', box(west, south, east, north));
    const inside = (list: Array<{ longitude: number; latitude: number }>) =>
      list.every((item) => item.longitude >= west && item.longitude <= east && item.latitude >= south && item.latitude <= north);

    const aircraft = (await api('GET', `/api/aircraft?geofence=${id}`)).json() as Array<{ icao24: string; longitude: number; latitude: number }>;
    const everyAircraft = (await api('GET', '/api/aircraft')).json() as Array<{ icao24: string }>;
    expect(aircraft.length).toBeGreaterThan(0);
    expect(inside(aircraft)).toBe(true);
    expect(everyAircraft.length).toBeGreaterThan(aircraft.length);

    const incidents = (await api('GET', `/api/incidents?geofence=${id}`)).json() as Array<{ longitude: number; latitude: number }>;
    const everyIncident = (await api('GET', '/api/incidents')).json() as unknown[];
    expect(incidents.length).toBeGreaterThan(0);
    expect(inside(incidents)).toBe(true);
    expect(everyIncident.length).toBeGreaterThan(incidents.length);

    const unknown = await api('GET', '/api/aircraft?geofence=999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await api('GET', '/api/incidents?geofence=999999999')).statusCode).toBe(404);
    expect((await api('GET', '/api/incidents?geofence=abc')).statusCode).toBe(400);
  });

  it('the geofence filter keeps the events answered (news and other placed events) to those placed inside the fence', async () => {
    const { id } = await fence('Events box', box(-123.5, 38, -122, 39));
    const news = (url: string, lon: number, lat: number): EventRecord => ({
      sourceType: 'news',
      url,
      title: `Story at ${lon}, ${lat}`,
      summary: null,
      geometry: { type: 'Point', coordinates: [lon, lat] },
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      payload: { url },
    });
    // Stored as the ingester stores them, without its geofence check: the alert counts of the other tests stay as they are.
    await subject.app.db.transaction((client) =>
      new EventStoreRepository().storeBatch(client, [news('https://news.test/inside', -122.8, 38.6), news('https://news.test/outside', -100, 45)]),
    );
    const urls = async (query: string) => {
      const response = await api('GET', `/api/events?source=news&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { events: Array<{ url: string }> }).events.map((event) => event.url).sort();
    };
    expect(await urls('')).toEqual(['https://news.test/inside', 'https://news.test/outside']);
    expect(await urls(`geofence=${id}`)).toEqual(['https://news.test/inside']);
    // With the view's box and window, as the map asks.
    expect(await urls(`geofence=${id}&bbox=-130,30,-90,50&since=24h`)).toEqual(['https://news.test/inside']);
    expect(await urls(`geofence=${id}&bbox=-101,44,-99,46`)).toEqual([]);

    const unknown = await api('GET', '/api/events?geofence=999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    for (const bad of ['abc', '-1', '1.5', '', '9999999999999999999']) {
      const response = await api('GET', `/api/events?geofence=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
    }
  });
});
