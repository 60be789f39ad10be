// A tile of a window that reaches into the open hour (the map's "last 24 h"), drawn: its closed hours come from
// memory while their data holds, its edges (the partial first hour and the open one) are drawn, and the two joined
// hold exactly the detections the whole window's query draws. (The joined tile is kept in turn while nothing is
// stored: fire-tile-open-window-kept.test.ts.)
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { FireQueries } from '../../server/fires/fire-queries.js';
import { FireRepository } from '../../server/fires/fire-repository.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { type FireRow, ingestFireRows } from '../support/fire-rows.js';
import { queryOnce } from '../support/test-database.js';

const HOUR_MS = 3_600_000;
// Zoom 4 tile holding northern Italy (lon 10.5, lat 45.5).
const [Z, X, Y] = [4, 8, 5];

/** Every feature's properties, in a stable order (the joined tile lists its parts one after the other). */
function drawn(body: Buffer): Array<Record<string, unknown>> {
  if (body.length === 0) return [];
  const layer = new VectorTile(new PbfReader(body)).layers.fires;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) => {
    const feature = layer.feature(index);
    const point = feature.loadGeometry()[0]?.[0];
    const properties: Record<string, unknown> = { ...feature.properties, x: point?.x, y: point?.y };
    return properties;
  }).sort((a, b) => Number(a.acqTime) - Number(b.acqTime) || Number(a.x) - Number(b.x));
}

describe('fire tiles of a window reaching into the open hour', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let db: Database;
  const now = Date.now();
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  // An explicit start with no end: the route reads it as the map's sliding window does, up to now and on.
  const since = new Date(now - 24 * HOUR_MS);
  const tileUrl = `/api/tiles/fires/${Z}/${X}/${Y}.mvt?since=${since.toISOString()}`;
  const ingest = (rows: readonly FireRow[]) => ingestFireRows(subject.app, rows);
  const get = (url: string, headers: Record<string, string> = authorized) => subject.app.inject({ method: 'GET', url, headers });
  /** The whole window drawn by one query, as the tile was before it was joined. */
  const whole = () => new FireRepository(db).tile(Z, X, Y, { since, filter: {}, fence: null }, 50_000);

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    db = createDatabase({ url: subject.database.url, nullPool: false, logger: { warn: () => undefined } });
    const stored = await ingest([
      // Before the window: never drawn.
      { lon: 10.7, lat: 45.1, at: since.getTime() - 10 * 60_000 },
      // The window's first, partial hour (or its first closed one, when the test starts on the hour).
      { lon: 10.2, lat: 45.9, at: since.getTime() + 2 * 60_000 },
      // Closed hours.
      { lon: 10.5, lat: 45.5, at: hourStart - 5 * HOUR_MS, frp: 120.25 },
      { lon: 11.2, lat: 44.9, at: hourStart - 1.5 * HOUR_MS },
      // The open hour (or the last closed one, in the first minute of an hour).
      { lon: 9.9, lat: 46.1, at: now - 60_000 },
    ]);
    expect(stored.json()).toMatchObject({ stored: 5 });
  });
  afterAll(async () => {
    await db?.close();
    await subject?.close();
    await nats?.stop();
  });

  it('holds exactly what the whole window draws, and is never kept by the browser', async () => {
    const answer = await get(tileUrl);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(drawn(answer.rawPayload)).toHaveLength(4);
    expect(drawn(answer.rawPayload)).toEqual(drawn(await whole()));
    expect(drawn(answer.rawPayload).map((feature) => feature.frp)).toContain(120.25);
    // The same data answers the same bytes: the ETag revalidates.
    expect((await get(tileUrl, { ...authorized, 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
  });

  it('reads its closed hours from memory while their data holds, and draws them again when it moves', async () => {
    const before = await get(tileUrl);
    // A row written behind the API's back (no hour counter moved) into a closed hour is not in the answer.
    await queryOnce(
      subject.database.url,
      `INSERT INTO fires (latitude, longitude, acq_time, satellite, geom) VALUES (45.3, 10.9, $1, 'N', ST_SetSRID(ST_MakePoint(10.9, 45.3), 4326))`,
      [new Date(hourStart - 3 * HOUR_MS)],
    );
    const cached = await get(tileUrl);
    expect(cached.rawPayload.equals(before.rawPayload)).toBe(true);
    // A late detection stored in a closed hour moves its counter: the next answer has it, and the other row too.
    expect((await ingest([{ lon: 9.8, lat: 45.8, at: hourStart - 2 * HOUR_MS }])).json()).toMatchObject({ stored: 1 });
    const after = await get(tileUrl, { ...authorized, 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(drawn(after.rawPayload)).toHaveLength(6);
    expect(drawn(after.rawPayload)).toEqual(drawn(await whole()));
  });

  it('draws its edges again once a detection is stored: one of the open hour is in the very next answer', async () => {
    const before = await get(tileUrl);
    const justNow = Math.max(hourStart, Date.now() - 30_000);
    expect((await ingest([{ lon: 10.4, lat: 45.0, at: justNow }])).json()).toMatchObject({ stored: 1 });
    const after = await get(tileUrl, { ...authorized, 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(drawn(after.rawPayload).map((feature) => feature.acqTime)).toContain(Math.floor(justNow / 1000));
    expect(drawn(after.rawPayload)).toEqual(drawn(await whole()));
  });

  it('a window with an end in a closed hour and no start of its own is drawn as it is, never joined', async () => {
    // The default start (a day before now) up to five hours ago: before the fix, joined up to now.
    const until = new Date(hourStart - 4 * HOUR_MS);
    const answer = await get(`/api/tiles/fires/${Z}/${X}/${Y}.mvt?until=${until.toISOString()}`);
    expect(answer.statusCode).toBe(200);
    const expected = await new FireRepository(db).tile(Z, X, Y, { since: new Date(Date.now() - 24 * HOUR_MS), until, filter: {}, fence: null }, 50_000);
    expect(drawn(answer.rawPayload).map((feature) => feature.acqTime)).toEqual(drawn(expected).map((feature) => feature.acqTime));
    expect(drawn(answer.rawPayload).every((feature) => Number(feature.acqTime) * 1000 < until.getTime())).toBe(true);
    expect(drawn(answer.rawPayload).length).toBeGreaterThan(0);
  });

  it('is drawn whole when its parts together hold more than a tile may', async () => {
    // Seven detections stored; a tile of at most five.
    const queries = new FireQueries(new FireRepository(db), 5);
    const tile = await queries.tile(Z, X, Y, { since });
    expect(drawn(tile.body)).toHaveLength(5);
    // And again, with the closed hours' tile (full or not) kept from the first request.
    expect(drawn((await queries.tile(Z, X, Y, { since })).body)).toHaveLength(5);
    const roomy = await new FireQueries(new FireRepository(db), 7).tile(Z, X, Y, { since });
    expect(drawn(roomy.body)).toEqual(drawn(await whole()));
  });
});
