// Fire tiles: a strong ETag and 304 on If-None-Match; tiles of closed hours kept in memory and served again
// only while their data holds (a late detection in that hour is seen at once); open-hour tiles never kept;
// the token is checked before any of it, on every API process.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, TEST_HOST, testServerConfig, type TestApp } from '../support/test-app.js';
import { ingestFireRows } from '../support/fire-rows.js';
import { queryOnce } from '../support/test-database.js';

const HOUR_MS = 3_600_000;
const OTHER_TOKEN = 'other-token-0123456789abcdef';
// Zoom 4 tile holding northern Italy (lon 10.5, lat 45.5).
const TILE = '/api/tiles/fires/4/8/5.mvt';

/** The acquisition instants (epoch seconds) of the fires in a tile. */
function acquired(body: Buffer): number[] {
  if (body.length === 0) return [];
  const layer = new VectorTile(new PbfReader(body)).layers.fires;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) => Number(layer.feature(index).properties.acqTime)).sort((a, b) => a - b);
}

describe('fire tiles: ETag, 304 and the cache of closed hours', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let other: FastifyInstance;
  const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  // A window of two closed hours, three to one hours ago.
  const since = new Date(hourStart - 3 * HOUR_MS).toISOString();
  const until = new Date(hourStart - HOUR_MS).toISOString();
  const closedTile = `${TILE}?since=${since}&until=${until}`;
  const ingest = ingestFireRows;
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = authorized) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    // A second API process on the same database, with a token of its own and a cache of its own.
    other = await buildApp(testServerConfig(subject.database.url, { natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false, apiToken: OTHER_TOKEN }));
    await other.ready();
    const stored = await ingest(subject.app, [
      { lon: 10.5, lat: 45.5, at: hourStart - 2.5 * HOUR_MS },
      { lon: 11.2, lat: 44.9, at: hourStart - 1.5 * HOUR_MS },
      // Outside the window: before it, and in the open hour.
      { lon: 10.7, lat: 45.1, at: hourStart - 4 * HOUR_MS },
    ]);
    expect(stored.json()).toMatchObject({ stored: 3 });
  });
  afterAll(async () => {
    await other?.close();
    await subject?.close();
    await nats?.stop();
  });

  it('answers a closed-hour tile with a strong ETag, and 304 without a body when If-None-Match holds it', async () => {
    const first = await get(subject.app, closedTile);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(acquired(first.rawPayload)).toEqual([(hourStart - 2.5 * HOUR_MS) / 1000, (hourStart - 1.5 * HOUR_MS) / 1000]);

    for (const tag of [etag, `W/${etag}`, `"elsewhere", ${etag}`, '*']) {
      const again = await get(subject.app, closedTile, { ...authorized, 'if-none-match': tag });
      expect(again.statusCode, tag).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const changed = await get(subject.app, closedTile, { ...authorized, 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('sends its 304 with no content headers over HTTP, which a strict client (Node\'s fetch) reads as it is', async () => {
    // A 304 with a Content-Length other than the 200's (it once said 4, the length of "null") is an error to undici.
    // An API process of its own, listening (the others are asked in memory, addressed to TEST_HOST).
    const listening = await buildApp(testServerConfig(subject.database.url, { natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false, apiToken: OTHER_TOKEN }));
    try {
      const origin = await listening.listen({ host: '127.0.0.1', port: 0 });
      const headers = { authorization: `Bearer ${OTHER_TOKEN}` };
      const first = await fetch(`${origin}${closedTile}`, { headers });
      expect(first.status).toBe(200);
      expect(acquired(Buffer.from(await first.arrayBuffer()))).toHaveLength(2);
      const again = await fetch(`${origin}${closedTile}`, { headers: { ...headers, 'if-none-match': String(first.headers.get('etag')) } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('content-length')).toBeNull();
      expect(again.headers.get('content-type')).toBeNull();
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    } finally {
      await listening.close();
    }
  });

  it('serves a closed-hour tile from memory, byte for byte the tile another process draws fresh', async () => {
    const cached = await get(subject.app, closedTile);
    const fresh = await get(other, closedTile, { authorization: `Bearer ${OTHER_TOKEN}`, host: TEST_HOST });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.equals(cached.rawPayload)).toBe(true);
    expect(fresh.headers.etag).toBe(cached.headers.etag);
    // A row written behind the API's back (no hour counter moved) is not in the answer: it came from memory.
    await queryOnce(
      subject.database.url,
      `INSERT INTO fires (latitude, longitude, acq_time, satellite, geom) VALUES (45.3, 10.9, $1, 'N', ST_SetSRID(ST_MakePoint(10.9, 45.3), 4326))`,
      [new Date(hourStart - 2 * HOUR_MS)],
    );
    expect((await get(subject.app, closedTile)).rawPayload.equals(cached.rawPayload)).toBe(true);
  });

  it('a late detection stored in a closed hour changes its tile at once, on every process as soon as it hears of the commit, and the old ETag no longer holds', async () => {
    const before = await get(subject.app, closedTile);
    const late = hourStart - 1.25 * HOUR_MS;
    expect((await ingest(subject.app, [{ lon: 9.8, lat: 45.8, at: late }])).json()).toMatchObject({ stored: 1 });
    const after = await get(subject.app, closedTile, { ...authorized, 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The late one, and the row written behind the API's back, now that its hour's counter moved.
    expect(acquired(after.rawPayload)).toEqual([2.5, 2, 1.5, 1.25].map((hours) => (hourStart - hours * HOUR_MS) / 1000));
    // The other process hears the commit on its change feed (a notification, a moment after the commit).
    const elsewhere = () => get(other, closedTile, { authorization: `Bearer ${OTHER_TOKEN}`, host: TEST_HOST });
    await expect.poll(async () => (await elsewhere()).rawPayload.equals(after.rawPayload), { timeout: 5_000 }).toBe(true);
  });

  it('keeps no open-hour tile: new data in the open hour is in the very next answer', async () => {
    const openTile = `${TILE}?since=${since}`;
    const first = await get(subject.app, openTile);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // Unchanged data still revalidates to 304 (drawn again, compared by its hash).
    expect((await get(subject.app, openTile, { ...authorized, 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    const now = Date.now() - 60_000;
    await ingest(subject.app, [{ lon: 10.1, lat: 45.2, at: now }]);
    const second = await get(subject.app, openTile, { ...authorized, 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    expect(acquired(second.rawPayload)).toContain(Math.floor(now / 1000));
    // A window that ends in the open hour is not a closed one either.
    const endingNow = await get(subject.app, `${TILE}?since=${since}&until=${new Date(hourStart + 60_000).toISOString()}`);
    expect(endingNow.headers['cache-control']).toBe('private, no-cache');
  });

  it('checks the token before any cached answer or 304, on every process with its own token', async () => {
    const cached = await get(subject.app, closedTile);
    const etag = String(cached.headers.etag);
    const attempts: Array<[FastifyInstance, Record<string, string>]> = [
      [subject.app, { host: TEST_HOST, 'if-none-match': etag }],
      [subject.app, { host: TEST_HOST, authorization: 'Bearer wrong-token-0123456789abcdef', 'if-none-match': etag }],
      [subject.app, { host: TEST_HOST, authorization: `Bearer ${OTHER_TOKEN}`, 'if-none-match': etag }],
      [other, { ...authorized, 'if-none-match': etag }],
      [other, authorized],
    ];
    for (const [app, headers] of attempts) {
      const answer = await get(app, closedTile, headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.json().error.code).toBe('unauthorized');
    }
    const own = await get(other, closedTile, { authorization: `Bearer ${OTHER_TOKEN}`, host: TEST_HOST, 'if-none-match': etag });
    expect(own.statusCode).toBe(304);
  });

  it('refuses a window whose start is after its end', async () => {
    const inverted = await get(subject.app, `${TILE}?since=${until}&until=${since}`);
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.code).toBe('bad_request');
  });
});
