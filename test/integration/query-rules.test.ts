// The rules the read-side services hold (FireQueries, GeofenceAdmin, NewsQueries) answer in the API's
// error shape, byte for byte, as they did when the routes held them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNewsCursor } from '../../server/news/news-query.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

describe('rules of the query services, through the API', () => {
  let subject: TestApp;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    subject.app.inject({ method, url, headers: authorized, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('fires: since after until, and a tile outside its zoom, are bad requests', async () => {
    const range = await call('GET', '/api/fires?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z');
    expect(range.statusCode).toBe(400);
    expect(range.body).toBe('{"error":{"code":"bad_request","message":"since must not be after until"}}');
    expect(range.headers['retry-after']).toBeUndefined();
    const tile = await call('GET', '/api/tiles/fires/1/2/0.mvt');
    expect(tile.statusCode).toBe(400);
    expect(tile.body).toBe('{"error":{"code":"bad_request","message":"tile 1/2/0 does not exist"}}');
    expect((await call('GET', '/api/fires?since=2026-01-01T00:00:00Z&until=2026-01-01T00:00:00Z')).statusCode).toBe(200);
    expect((await call('GET', '/api/tiles/fires/1/1/1.mvt')).statusCode).toBe(200);
  });

  it('geofences: an invalid geometry is a bad request, an unknown fence is not found', async () => {
    const bowtie = { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] };
    const invalid = await call('POST', '/api/geofences', { name: 'bowtie', geometry: bowtie });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toMatch(/^\{"error":\{"code":"bad_request","message":"geometry is not valid: the outline crosses itself near \d+\.\d{4}° [NS], \d+\.\d{4}° [EW]; place the corners in order around the area, or draw it again"\}\}$/);
    const missing = await call('DELETE', '/api/geofences/12345');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('{"error":{"code":"not_found","message":"no geofence 12345"}}');
    const square = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
    const created = await call('POST', '/api/geofences', { name: 'square', geometry: square });
    expect(created.statusCode).toBe(201);
    expect((await call('DELETE', `/api/geofences/${created.json().id}`)).statusCode).toBe(204);
  });

  it('news: a cursor of a date-ordered page is refused for a text search, and the other way round', async () => {
    const byDate = encodeNewsCursor({ rank: null, publishedAt: null, id: '1' });
    const byRank = encodeNewsCursor({ rank: 0.5, publishedAt: null, id: '1' });
    for (const url of [`/api/news?q=fire&cursor=${byDate}`, `/api/news?cursor=${byRank}`]) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe('{"error":{"code":"bad_request","message":"cursor belongs to a different query"}}');
    }
    expect((await call('GET', `/api/news?cursor=${byDate}`)).json()).toEqual({ items: [], nextCursor: null });
  });
});
