// A window the analyst set to end ahead of now (tomorrow evening, next week: a chosen window still filling) is read as
// up to now by every fire read the map makes, by the events on the map and by the export; the start of a window and the timeline's ends keep
// their limit of a day ahead.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Two detections an hour ago near Redding, California, in the z4 tile 4/2/6.
const FIRES = [
  { latitude: 40.58, longitude: -122.39 },
  { latitude: 40.61, longitude: -122.31 },
];

describe('a chosen window that ends ahead of now', () => {
  let subject: TestApp;
  const since = new Date(Date.now() - 2 * HOUR_MS).toISOString();
  const get = (url: string) => subject.app.inject({ method: 'GET', url, headers: authorized });

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    const acquired = new Date(Date.now() - HOUR_MS).toISOString().replace(/\.\d+Z$/, 'Z');
    const stored = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: FIRES.map((fire) => ({ ...fire, acq_time: acquired, satellite: 'N20', confidence: 'n', frp: 5 })),
    });
    expect(stored.statusCode).toBe(200);
  });
  afterAll(async () => {
    await subject?.close();
  });

  for (const [ahead, aheadMs] of [
    ['three days', 3 * DAY_MS],
    ['a year', 365 * DAY_MS],
  ] as const) {
    it(`ending ${ahead} ahead: the list, the count, a tile and the export hold the stored detections; the events answer`, async () => {
      const window = `since=${encodeURIComponent(since)}&until=${encodeURIComponent(new Date(Date.now() + aheadMs).toISOString())}`;
      const list = await get(`/api/fires?${window}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toHaveLength(FIRES.length);

      const count = await get(`/api/fires/count?${window}`);
      expect(count.statusCode, count.body).toBe(200);
      expect(count.json()).toEqual({ count: FIRES.length });

      const tile = await get(`/api/tiles/fires/4/2/6.mvt?${window}`);
      expect(tile.statusCode, tile.body).toBe(200);
      expect(new VectorTile(new PbfReader(tile.rawPayload)).layers.fires?.length).toBe(FIRES.length);

      // The map asks for the events on it (fire events among them) with the same window.
      const events = await get(`/api/events?${window}`);
      expect(events.statusCode, events.body).toBe(200);

      const exported = await get(`/api/export?format=geojson&layers=fires&${window}`);
      expect(exported.statusCode, exported.body).toBe(200);
      expect((JSON.parse(exported.body) as { features: unknown[] }).features).toHaveLength(FIRES.length);
    });
  }

  it('a window that starts, or a timeline that ends, more than a day ahead is still refused with the error shape', async () => {
    const later = encodeURIComponent(new Date(Date.now() + 3 * DAY_MS).toISOString());
    for (const url of [`/api/fires?since=${later}`, `/api/fires/timeline?since=${encodeURIComponent(since)}&until=${later}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json().error), url).toMatch(/instant is out of range/);
    }
  });
});
