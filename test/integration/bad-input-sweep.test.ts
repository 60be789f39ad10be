import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const TABLES = ['events', 'event_urls', 'event_minute_rollup', 'fires', 'incidents', 'aircraft', 'geofences', 'alerts', 'correlations', 'cameras', 'geocode_cache', 'camera_source_list', 'news_feeds', 'articles', 'news_items', 'article_summaries'];

type Case = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; contentType?: string; headers?: Record<string, string> };

const EVIL = ["' OR 1=1 --", '../../etc/passwd', '%00', '<script>alert(1)</script>', 'x'.repeat(5000), '１２３', '-1', '1e309', 'NaN'];

function queryCases(path: string, params: string[]): Case[] {
  const cases: Case[] = [];
  for (const param of params) for (const value of EVIL) cases.push({ method: 'GET', url: `${path}?${param}=${encodeURIComponent(value)}` });
  return cases;
}

const CASES: Case[] = [
  ...queryCases('/api/events', ['bbox', 'since', 'until', 'source', 'geofence', 'limit', 'cursor']),
  ...queryCases('/api/playback', ['from', 'to', 'bbox', 'source']),
  ...queryCases('/api/fires', ['bbox', 'since', 'until', 'limit']),
  ...queryCases('/api/incidents', ['bbox', 'limit']),
  ...queryCases('/api/aircraft', ['bbox', 'firefighting', 'limit']),
  ...queryCases('/api/correlations', ['since', 'limit']),
  ...queryCases('/api/alerts', ['since', 'geofence', 'limit']),
  ...queryCases('/api/cameras', ['bbox', 'limit']),
  // q is free text: any string is a search (tested in the news tests), so it is not swept here.
  ...queryCases('/api/news', ['since', 'category', 'limit', 'cursor']),
  ...queryCases('/api/news/summaries', ['kind', 'since', 'limit']),
  ...queryCases('/api/cameras/1/snapshot', ['cached']),
  ...EVIL.map((value): Case => ({ method: 'GET', url: `/api/cameras/${encodeURIComponent(value)}/snapshot` })),
  // Boundaries: outside ±180/±90, inverted, future, far past, huge limit.
  ...['bbox=-181,0,10,10', 'bbox=0,-91,10,10', 'bbox=0,10,10,0', 'bbox=0,0,10', 'bbox=,,,', 'since=2999-01-01T00:00:00Z', 'since=1600-01-01T00:00:00Z', 'since=99999999d', 'limit=100000000', 'limit=1.5', 'nope=1'].flatMap(
    (query) => ['/api/events', '/api/fires', '/api/aircraft', '/api/cameras', '/api/news', '/api/news/summaries'].map((path): Case => ({ method: 'GET', url: `${path}?${query}` })),
  ),
  { method: 'GET', url: '/api/playback?from=2026-01-01T00:00:00Z&to=2025-01-01T00:00:00Z' },
  { method: 'GET', url: '/api/playback?from=1d&to=2999-01-01T00:00:00Z' },
  { method: 'GET', url: '/api/tiles/fires/23/0/0.mvt' },
  { method: 'GET', url: '/api/tiles/fires/2/9/0.mvt' },
  { method: 'GET', url: '/api/tiles/fires/-1/0/0.mvt' },
  { method: 'GET', url: '/api/tiles/fires/a/b/c.mvt' },
  // Bodies: wrong type, malformed, oversized, injection-shaped.
  { method: 'POST', url: '/api/ingest/fires', payload: '{"latitude": 1', contentType: 'application/json' },
  { method: 'POST', url: '/api/ingest/fires', payload: { latitude: 1 } },
  { method: 'POST', url: '/api/ingest/fires', payload: [{ latitude: "1; DROP TABLE fires", longitude: 0, acq_time: '2026-01-01T00:00:00Z', satellite: 'N' }] },
  { method: 'POST', url: '/api/ingest/fires', payload: 'latitude,longitude\n1,2\n', contentType: 'text/csv' },
  { method: 'POST', url: '/api/ingest/fires', payload: 'x'.repeat(10), contentType: 'application/xml' },
  { method: 'POST', url: '/api/ingest/fires', payload: '"a,b\n1,2', contentType: 'text/csv' },
  { method: 'POST', url: '/api/keys', payload: { provider: 'firms', value: "' OR 1=1 --" } },
  { method: 'POST', url: '/api/keys', payload: { provider: '../../etc/passwd', value: 'x' } },
  { method: 'POST', url: '/api/keys', payload: [] },
  { method: 'DELETE', url: '/api/keys?provider=%27%3B%20DROP%20TABLE%20api_keys' },
  { method: 'POST', url: '/api/geofences', payload: { name: 'x', geometry: { type: 'Polygon', coordinates: 'nope' } } },
  { method: 'POST', url: '/api/geofences', payload: { name: 'x', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 'a'], [1, 1], [0, 0]]] } } },
  { method: 'POST', url: '/api/geofences', payload: { name: "'; DROP TABLE geofences; --", geometry: { type: 'Polygon', coordinates: [[[0, 0], [0, 0], [0, 0], [0, 0]]] } } },
  { method: 'DELETE', url: '/api/geofences/..%2F..%2Fetc' },
  { method: 'DELETE', url: '/api/geofences/99999999999999999999' },
  { method: 'PUT', url: '/api/cameras/sources', payload: { sources: ["http://x.example/'; DROP TABLE cameras; --?pwd=1"] } },
  { method: 'PUT', url: '/api/cameras/sources', payload: { sources: ['javascript:alert(1)'] } },
  { method: 'PUT', url: '/api/cameras/sources', payload: { sources: [`http://x.example/${'a'.repeat(3000)}`] } },
  { method: 'PUT', url: '/api/cameras/sources', payload: { sources: [1, 2] } },
  { method: 'PUT', url: '/api/cameras/sources', payload: '{"sources": [', contentType: 'application/json' },
  { method: 'POST', url: '/api/jobs/..%2Fpartitions' },
  { method: 'POST', url: '/api/jobs/%3Cscript%3E' },
  // Header injection attempts.
  { method: 'GET', url: '/api/events', headers: { host: 'evil.example\r\nX-Injected: 1' } },
  { method: 'GET', url: '/api/events', headers: { authorization: 'Bearer a\tb' } },
];

describe('bad-input sweep: every endpoint answers 4xx with the JSON error shape and stores nothing', () => {
  let subject: TestApp;
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        TABLES.map(async (table) => [table, Number((await queryOnce<{ n: string }>(subject.database.url, `SELECT count(*) AS n FROM ${table}`))[0]?.n)]),
      ),
    );

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false, bodyLimitBytes: 64 * 1024, ingestBodyLimitBytes: 256 * 1024 });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it(`${CASES.length} malformed, oversized and injection-shaped requests`, async () => {
    const before = await counts();
    const failures: string[] = [];
    for (const request of CASES) {
      const headers: Record<string, string> = { ...authorized, ...(request.contentType ? { 'content-type': request.contentType } : {}), ...request.headers };
      let response;
      try {
        response = await subject.app.inject({
          method: request.method,
          url: request.url,
          headers,
          ...(request.payload === undefined ? {} : { payload: typeof request.payload === 'string' ? request.payload : (request.payload as object) }),
        });
      } catch (error) {
        // A header the HTTP layer itself refuses never reaches the app: that is a refusal too.
        if (/Invalid character in header/.test((error as Error).message)) continue;
        throw error;
      }
      const label = `${request.method} ${request.url.slice(0, 120)}`;
      if (response.statusCode < 400 || response.statusCode >= 500) failures.push(`${label} → ${response.statusCode}`);
      else if (typeof response.json().error?.code !== 'string') failures.push(`${label} → no error shape`);
    }
    expect(failures).toEqual([]);
    // Oversized: over the body limits.
    const huge = await subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: { ...authorized, 'content-type': 'text/csv' }, payload: 'x'.repeat(300 * 1024) });
    expect(huge.statusCode).toBe(413);
    // A camera id past 2^53 is refused, not rounded to another camera's number.
    const unsafe = await subject.app.inject({ method: 'GET', url: '/api/cameras/9999999999999999/snapshot', headers: authorized });
    expect(unsafe.statusCode).toBe(400);
    expect(JSON.stringify(unsafe.json().error.details)).toMatch(/id is too large/);
    const hugeJson = await subject.app.inject({ method: 'POST', url: '/api/keys', headers: authorized, payload: { provider: 'llm', value: 'x'.repeat(70 * 1024) } });
    expect(hugeJson.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });
});
