// GET /api/fires/timeline: the timeline's fires under the analyst's filter. Unfiltered, it answers what the playback
// rollup answers for fires (the same minutes, the same 1° cells of a bbox, across the antimeridian too); filtered, it
// counts exactly the detections the filter picks; bad input answers 400 and an unknown geofence 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { fireEvents } from '../../server/fires/fire-events.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

interface Detection {
  latitude: number;
  longitude: number;
  acqTime: string;
  satellite: string;
  confidence: 'l' | 'n' | 'h';
  frp: number;
  dayNight: 'D' | 'N';
}

type Timeline = { buckets: Array<{ minute: string; count: number }>; cells: Array<{ cell: number; bbox: number[]; count: number }> };
type Playback = { buckets: Array<{ minute: string; source: string; count: number }>; cells: Array<{ cell: number; bbox: number[]; count: number }> };

describe('GET /api/fires/timeline', () => {
  let nats: OwnNats;
  let subject: TestApp;
  const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
  const range = `since=${new Date(start).toISOString()}&until=${new Date(start + 2 * HOUR_MS).toISOString()}`;
  const detections: Detection[] = [];
  const get = (url: string) => subject.app.inject({ method: 'GET', url, headers: authorized });

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false, maxPlaybackHours: 24 });
    // Places on each side of cell edges (whole degrees), of the antimeridian and of the bbox edges used below.
    const places: Array<[number, number]> = [[-121.5, 38.5], [-121.99, 37.01], [-120.01, 38.99], [-119.5, 39.2], [179.6, 10.5], [-179.4, 10.2], [10.25, 45.75]];
    for (let index = 0; index < 140; index += 1) {
      const [longitude, latitude] = places[index % places.length] as [number, number];
      detections.push({
        latitude: Number((latitude + (index % 5) * 0.001).toFixed(4)),
        longitude,
        acqTime: new Date(start + ((index * 17) % 110) * MINUTE_MS + (index % 50) * 1000).toISOString(),
        satellite: ['N', 'N20', 'Terra'][index % 3] as string,
        confidence: index % 3 === 0 ? 'h' : index % 2 === 0 ? 'l' : 'n',
        frp: (index % 9) * 5,
        dayNight: index % 4 === 0 ? 'N' : 'D',
      });
    }
    const stored = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: detections.map(({ acqTime, dayNight, ...fire }) => ({ ...fire, acq_time: acqTime, daynight: dayNight })),
    });
    expect(stored.json()).toMatchObject({ stored: detections.length });
    // The events the ingester stores of them (it is off here: stored as it would store them).
    await subject.app.db.transaction((client) => new EventStoreRepository().storeBatch(client, detections.map((fire) => fireEvents.record(fire))));
  });
  afterAll(async () => {
    await subject?.close();
    await nats?.stop();
  });

  it('unfiltered, answers the playback rollup\'s fire minutes and cells, for the world and for a bbox (across the antimeridian too)', async () => {
    for (const bbox of ['', '&bbox=-121.7,37.5,-120.2,38.8', '&bbox=179.5,10,-179.5,11', '&bbox=-180,-90,180,90']) {
      const timeline = await get(`/api/fires/timeline?${range}${bbox}`);
      expect(timeline.statusCode, bbox).toBe(200);
      const fires = timeline.json() as Timeline;
      const playback = (await get(`/api/playback?${range.replace('since', 'from').replace('until', 'to')}&source=fire${bbox}`)).json() as Playback;
      expect(fires.buckets.length, bbox).toBeGreaterThan(0);
      expect(fires.buckets, bbox).toEqual(playback.buckets.map(({ minute, count }) => ({ minute, count })));
      expect(fires.cells, bbox).toEqual(playback.cells);
    }
    const world = (await get(`/api/fires/timeline?${range}`)).json() as Timeline;
    expect(world.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(detections.length);
    // The minutes count the detections the bbox holds, not those of the cells it touches (-121.99, 37.01 lies in a
    // cell it touches, outside it); the cells are whole.
    const inBox = detections.filter((fire) => fire.longitude >= -121.7 && fire.longitude <= -120.2 && fire.latitude >= 37.5 && fire.latitude <= 38.8);
    const boxed = (await get(`/api/fires/timeline?${range}&bbox=-121.7,37.5,-120.2,38.8&confidence=low,nominal,high`)).json() as Timeline;
    const unfiltered = (await get(`/api/fires/timeline?${range}&bbox=-121.7,37.5,-120.2,38.8`)).json() as Timeline;
    for (const answer of [boxed, unfiltered]) {
      expect(answer.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(inBox.length);
      expect(answer.cells.reduce((sum, cell) => sum + cell.count, 0)).toBeGreaterThan(inBox.length);
    }
  });

  it('filtered, counts per minute exactly the detections the filter picks', async () => {
    const cases: Array<[string, (fire: Detection) => boolean]> = [
      ['confidence=high', (fire) => fire.confidence === 'h'],
      ['minFrp=20&satellites=N,Terra', (fire) => fire.frp >= 20 && ['N', 'Terra'].includes(fire.satellite)],
      ['dayNight=night', (fire) => fire.dayNight === 'N'],
    ];
    for (const [query, rule] of cases) {
      const expected = new Map<string, number>();
      for (const fire of detections.filter(rule)) {
        const minute = new Date(Math.floor(Date.parse(fire.acqTime) / MINUTE_MS) * MINUTE_MS).toISOString();
        expected.set(minute, (expected.get(minute) ?? 0) + 1);
      }
      expect(detections.filter(rule).length, query).toBeLessThan(detections.length);
      const answer = (await get(`/api/fires/timeline?${range}&${query}`)).json() as Timeline;
      expect(answer.buckets, query).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)).map(([minute, count]) => ({ minute, count })));
      expect(answer.cells.reduce((sum, cell) => sum + cell.count, 0), query).toBe(detections.filter(rule).length);
    }
  });

  it('narrowed to a geofence, counts the detections inside it; an unknown one answers 404', async () => {
    const fence = await subject.app.inject({
      method: 'POST',
      url: '/api/geofences',
      headers: authorized,
      payload: { name: 'valley', geometry: { type: 'Polygon', coordinates: [[[-122, 38], [-121, 38], [-121, 39], [-122, 39], [-122, 38]]] } },
    });
    const id = (fence.json() as { id: string }).id;
    const inside = detections.filter((fire) => fire.longitude > -122 && fire.longitude < -121 && fire.latitude > 38 && fire.latitude < 39).length;
    expect(inside).toBeGreaterThan(0);
    const answer = (await get(`/api/fires/timeline?${range}&geofence=${id}`)).json() as Timeline;
    expect(answer.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(inside);
    const unknown = await get(`/api/fires/timeline?${range}&geofence=${Number(id) + 1000}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('answers 400 with the error shape for a missing, inverted or too long range and a bad filter', async () => {
    const day = (hours: number) => new Date(start + hours * HOUR_MS).toISOString();
    for (const query of [
      '',
      `since=${day(0)}`,
      `since=${day(2)}&until=${day(1)}`,
      `since=${day(1)}&until=${day(1)}`,
      `since=${day(-30)}&until=${day(1)}`,
      `${range}&confidence=medium`,
      `${range}&bbox=1,2,3`,
      `${range}&limit=5`,
    ]) {
      const answer = await get(`/api/fires/timeline?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error, query).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
