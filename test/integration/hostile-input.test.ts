// The inputs an attacker used against the API: NUL in text, numbers beyond the column types, garbage that
// Number()/Date would have turned into a plausible value. Each is refused at the edge with 400 and the JSON
// error shape (not by a PostgreSQL error mapped to 400 afterwards), and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';
import { viirsCsv, YESTERDAY } from '../support/viirs-csv-row.js';

const TABLES = ['fires', 'events', 'geofences', 'alerts', 'api_keys', 'camera_source_list'];
const ACQ_TIME = `${YESTERDAY}T07:48:00Z`;
const csv = viirsCsv;

const fireJson = (changes: Record<string, unknown> = {}) => [{ latitude: 38.4, longitude: -122.7, acq_time: ACQ_TIME, satellite: 'N', confidence: 'h', frp: 11.2, ...changes }];
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const square = (extra: number[] = []) => [[[0, 0, ...extra], [1, 0, ...extra], [1, 1, ...extra], [0, 0, ...extra]]];

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: unknown;
  contentType?: string;
}

const CASES: Case[] = [
  // Hostile text: NUL.
  { name: 'NUL in q of /api/events', method: 'GET', url: '/api/events?q=fire%00' },
  { name: 'NUL alone in q of /api/events', method: 'GET', url: '/api/events?q=%00' },
  { name: 'NUL in q of /api/news', method: 'GET', url: '/api/news?q=quake%00x' },
  { name: 'NUL in a geofence name', method: 'POST', url: '/api/geofences', payload: { name: 'Sonoma\u0000', geometry: { type: 'Polygon', coordinates: square() } } },
  { name: 'NUL in a CSV field (satellite)', method: 'POST', url: '/api/ingest/fires', payload: csv({ satellite: 'N\u0000' }), contentType: 'text/csv' },
  { name: 'NUL in a CSV field (version)', method: 'POST', url: '/api/ingest/fires', payload: csv({ version: '2.0\u0000NRT' }), contentType: 'text/csv' },
  { name: 'NUL in a JSON field (instrument)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ instrument: 'VIIRS\u0000' }) },
  { name: 'NUL in a JSON field (satellite)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ satellite: 'N\u0000' }) },
  { name: 'NUL in a key value', method: 'POST', url: '/api/keys', payload: { provider: 'llm', value: 'sk-abcdefghijklmnopqrstuvwxyz\u0000012345' } },
  { name: 'NUL in a camera source URL', method: 'PUT', url: '/api/cameras/sources', payload: { sources: ['http://cams.example/list\u0000.json'] } },
  { name: 'NUL in a job name', method: 'POST', url: '/api/jobs/fires%00' },
  // Numbers beyond the column types.
  { name: 'FRP 1e39 (CSV)', method: 'POST', url: '/api/ingest/fires', payload: csv({ frp: '1e39' }), contentType: 'text/csv' },
  { name: 'FRP 1e39 (JSON)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ frp: 1e39 }) },
  { name: 'FRP Infinity (CSV)', method: 'POST', url: '/api/ingest/fires', payload: csv({ frp: 'Infinity' }), contentType: 'text/csv' },
  { name: 'brightness -1e300 (CSV)', method: 'POST', url: '/api/ingest/fires', payload: csv({ bright_ti4: '-1e300' }), contentType: 'text/csv' },
  { name: 'brightness -1e300 (JSON)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ brightness: -1e300 }) },
  { name: 'scan 1e39 (JSON)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ scan: 1e39 }) },
  // Numbers too close to zero for a `real` column (PostgreSQL: "out of range for type real").
  { name: 'FRP 5e-324 (CSV)', method: 'POST', url: '/api/ingest/fires', payload: csv({ frp: '5e-324' }), contentType: 'text/csv' },
  { name: 'scan 1e-46 (CSV)', method: 'POST', url: '/api/ingest/fires', payload: csv({ scan: '1e-46' }), contentType: 'text/csv' },
  { name: 'FRP 5e-324 (JSON)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ frp: 5e-324 }) },
  { name: 'brightness 1e-300 (JSON)', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ brightness: 1e-300 }) },
  { name: 'minFrp=5e-324 (fires)', method: 'GET', url: '/api/fires?minFrp=5e-324' },
  { name: 'minFrp=1e-46 (fire count)', method: 'GET', url: '/api/fires/count?minFrp=1e-46' },
  { name: 'minFrp=5e-324 (fire tile)', method: 'GET', url: '/api/tiles/fires/1/0/0.mvt?minFrp=5e-324' },
  { name: 'minFrp=5e-324 (export)', method: 'GET', url: '/api/export?format=csv&minFrp=5e-324' },
  { name: 'events cursor id of 19 digits', method: 'GET', url: `/api/events?cursor=${cursor({ rank: null, occurredAt: '2026-11-20T00:00:00.000Z', id: '9999999999999999999' })}` },
  { name: 'news cursor id of 19 digits', method: 'GET', url: `/api/news?cursor=${cursor({ rank: null, publishedAt: '2026-11-20T00:00:00.000Z', id: '9999999999999999999' })}` },
  { name: 'events cursor rank 1e308', method: 'GET', url: `/api/events?q=fire&cursor=${cursor({ rank: 1e308, occurredAt: '2026-11-20T00:00:00.000Z', id: '1' })}` },
  { name: 'news cursor rank 1e308', method: 'GET', url: `/api/news?q=fire&cursor=${cursor({ rank: 1e308, publishedAt: '2026-11-20T00:00:00.000Z', id: '1' })}` },
  { name: 'events cursor rank 5e-324', method: 'GET', url: `/api/events?q=fire&cursor=${cursor({ rank: 5e-324, occurredAt: '2026-11-20T00:00:00.000Z', id: '1' })}` },
  { name: 'news cursor rank 5e-324', method: 'GET', url: `/api/news?q=fire&cursor=${cursor({ rank: 5e-324, publishedAt: '2026-11-20T00:00:00.000Z', id: '1' })}` },
  { name: 'events cursor instant year 0', method: 'GET', url: `/api/events?cursor=${cursor({ rank: null, occurredAt: '0000-01-01T00:00:00Z', id: '1' })}` },
  { name: 'geofence third coordinate 1e308', method: 'POST', url: '/api/geofences', payload: { name: 'High', geometry: { type: 'Polygon', coordinates: square([1e308]) } } },
  // Garbage that used to be stored.
  { name: 'CSV row with blank latitude/longitude', method: 'POST', url: '/api/ingest/fires', payload: csv({ latitude: '', longitude: '' }), contentType: 'text/csv' },
  { name: 'CSV latitude 0x10', method: 'POST', url: '/api/ingest/fires', payload: csv({ latitude: '0x10' }), contentType: 'text/csv' },
  { name: 'CSV fire dated year 1', method: 'POST', url: '/api/ingest/fires', payload: csv({ acq_date: '0001-01-01' }), contentType: 'text/csv' },
  { name: 'CSV fire dated 9999', method: 'POST', url: '/api/ingest/fires', payload: csv({ acq_date: '9999-12-31' }), contentType: 'text/csv' },
  { name: 'CSV fire dated 2026-02-30', method: 'POST', url: '/api/ingest/fires', payload: csv({ acq_date: '2026-02-30' }), contentType: 'text/csv' },
  { name: 'JSON fire dated year 1', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ acq_time: '0001-01-01T00:00:00Z' }) },
  { name: 'JSON fire dated 9999', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ acq_time: '9999-01-01T00:00:00Z' }) },
  { name: 'JSON fire dated 2026-02-30', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ acq_time: '2026-02-30T10:00:00Z' }) },
  { name: 'since=2026-02-30 (events)', method: 'GET', url: '/api/events?since=2026-02-30' },
  { name: 'since=2026-02-30 (news)', method: 'GET', url: '/api/news?since=2026-02-30' },
  { name: 'since=2026-02-30 (fires)', method: 'GET', url: '/api/fires?since=2026-02-30' },
  { name: 'until=2026-11-20T24:30:00Z (fires)', method: 'GET', url: '/api/fires?until=2026-11-20T24:30:00Z' },
  { name: 'from=2026-02-30 (playback)', method: 'GET', url: '/api/playback?from=2026-02-30T00:00:00Z&to=2026-03-01T00:00:00Z' },
  { name: 'to with minute 60 (playback)', method: 'GET', url: '/api/playback?from=2026-11-20T00:00:00Z&to=2026-11-20T01:60:00Z' },
  { name: 'limit=0x10', method: 'GET', url: '/api/fires?limit=0x10' },
  { name: 'bbox with hex', method: 'GET', url: '/api/fires?bbox=0x10,0,20,10' },
];

describe('hostile input: refused at the edge with 400 and the error shape, nothing stored', () => {
  let subject: TestApp;
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(TABLES.map(async (table) => [table, Number((await queryOnce<{ n: string }>(subject.database.url, `SELECT count(*) AS n FROM ${table}`))[0]?.n)])),
    );
  const send = (request: Case) =>
    subject.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...authorized, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload as string | object }),
    });

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    // api_keys creates itself on first use.
    expect((await subject.app.inject({ method: 'GET', url: '/api/keys', headers: authorized })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await subject?.close();
  });

  it.each(CASES)('$name', async (request) => {
    const before = await counts();
    const response = await send(request);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toEqual({ error: { code: 'bad_request', message: expect.any(String), details: expect.anything() } });
    // Refused by validation, not by a PostgreSQL data error that the error handler maps to 400.
    expect(body.error.details.sqlState, response.body).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('the same routes still take clean input (the cases above are not refused for some other reason)', async () => {
    const fires = await send({ name: 'real row', method: 'POST', url: '/api/ingest/fires', payload: csv({ acq_time: '45' }), contentType: 'text/csv' });
    expect(fires.json()).toEqual({ received: 1, stored: 1, duplicate: 0, notVegetationFires: 0 });
    const json = await send({ name: 'real JSON', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ latitude: 5.6, frp: null, brightness: 330.5 }) });
    expect(json.json()).toEqual({ received: 1, stored: 1, duplicate: 0, notVegetationFires: 0 });
    // The smallest a `real` holds, and zero, are stored.
    const tiny = await send({ name: 'tiny FRP', method: 'POST', url: '/api/ingest/fires', payload: fireJson({ latitude: 5.7, frp: 1e-45, scan: 0 }) });
    expect(tiny.json()).toEqual({ received: 1, stored: 1, duplicate: 0, notVegetationFires: 0 });
    const fence = await send({ name: 'fence', method: 'POST', url: '/api/geofences', payload: { name: 'Sonoma 🔥', geometry: { type: 'Polygon', coordinates: square([120]) } } });
    expect(fence.statusCode, fence.body).toBe(201);
    for (const url of ['/api/events?q=fire', '/api/news?q=quake', '/api/fires?since=2024-02-29&limit=16', '/api/fires/count?minFrp=1e-45', '/api/playback?from=2026-11-20T00:00:00Z&to=2026-11-20T01:59:00Z']) {
      const response = await send({ name: url, method: 'GET', url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    }
    const page = await send({ name: 'cursor', method: 'GET', url: `/api/events?cursor=${cursor({ rank: null, occurredAt: '2026-11-20T00:00:00.000Z', id: '9223372036854775807' })}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(await counts()).toMatchObject({ fires: 3, geofences: 1 });
  });
});
