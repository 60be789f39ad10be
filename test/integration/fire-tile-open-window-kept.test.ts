// The tile of a window with no end (the map's "last 24 h") is kept: while no detection is stored in its hours and
// none it holds has fallen out at its start, one version read answers it from memory; a stored detection is in the
// next answer (z4 draws its edges again, z8 takes a store of this process in at its commit), and the start passing
// its oldest detection draws it again. Both where it is joined (z4) and where it is drawn whole (z8).
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { FireQueries } from '../../server/fires/fire-queries.js';
import { FireRepository } from '../../server/fires/fire-repository.js';
import { type FireRow, ingestFireRows } from '../support/fire-rows.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Tiles holding northern Italy: z4 (joined from its closed hours and edges) and z8 (lon 9.84–11.25, lat 45.02–46.12).
const TILES = [
  [4, 8, 5],
  [8, 135, 91],
] as const;

/**
 * Waits out the last 15 seconds before a whole hour: a kept z4 tile answers for starts up to its window's first
 * whole hour at most (its closed hours' tile holds nothing older), and a day's start crossing an hour between two
 * requests of a test would draw it again.
 */
async function awayFromHourBoundary(): Promise<void> {
  const toNextHour = HOUR_MS - (Date.now() % HOUR_MS);
  if (toNextHour < 15_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 1_000));
}

/** The acquisition times (s) of a tile's features, sorted. */
function acquired(body: Buffer): number[] {
  const layer = body.length === 0 ? undefined : new VectorTile(new PbfReader(body)).layers.fires;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) => Number(layer.feature(index).properties.acqTime)).sort((a, b) => a - b);
}

describe('the tile of a window with no end, kept', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let db: Database;
  const ingest = async (rows: readonly FireRow[]) => expect((await ingestFireRows(subject.app, rows)).json()).toMatchObject({ stored: rows.length });
  const behindTheApisBack = (sql: string, params: unknown[] = []) => queryOnce(subject.database.url, sql, params);
  const insertBehindTheApisBack = (lon: number, lat: number, at: number) =>
    behindTheApisBack(
      `INSERT INTO fires (latitude, longitude, acq_time, satellite, geom) VALUES ($2, $1, $3, 'N', ST_SetSRID(ST_MakePoint($1, $2), 4326))`,
      [lon, lat, new Date(at)],
    );
  /** A moment `ago` ms back, but not before the open hour's start. */
  const inOpenHour = (ago: number) => Math.max(Math.floor(Date.now() / HOUR_MS) * HOUR_MS, Date.now() - ago);
  /** The day's tile drawn by one query, nothing kept. */
  const whole = (z: number, x: number, y: number) =>
    new FireRepository(db).tile(z, x, y, { since: new Date(Date.now() - DAY_MS), filter: {}, fence: null }, 50_000);

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    db = createDatabase({ url: subject.database.url, nullPool: false, logger: { warn: () => undefined } });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await behindTheApisBack('DELETE FROM fires');
  });
  afterAll(async () => {
    await db?.close();
    await subject?.close();
    await nats?.stop();
  });

  it.each(TILES)('z%i: answered from memory while nothing was stored; a detection stored through the API is in the next answer', async (z, x, y) => {
    await awayFromHourBoundary();
    const now = Date.now();
    await ingest([
      { lon: 10.5, lat: 45.5, at: now - 5 * HOUR_MS },
      { lon: 10.6, lat: 45.6, at: now - 60_000 },
    ]);
    const url = `/api/tiles/fires/${z}/${x}/${y}.mvt`;
    const first = await subject.app.inject({ method: 'GET', url, headers: authorized });
    expect(acquired(first.rawPayload)).toHaveLength(2);
    // Written behind the API's back (no hour counter moved) into the open hour: not in the answer.
    await insertBehindTheApisBack(10.4, 45.4, inOpenHour(30_000));
    const kept = await subject.app.inject({ method: 'GET', url, headers: authorized });
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
    // Stored through the API: the next answer is the whole day as it is now. (The row from behind moved no hour's
    // counter: z4 would show it, its edges drawn again; z8 takes the store into its kept tile at the commit, as
    // fire-tile-store-added.test.ts shows. It goes before the answer, so both are held to the day as stored.)
    await ingest([{ lon: 10.7, lat: 45.7, at: inOpenHour(10_000) }]);
    await behindTheApisBack('DELETE FROM fires WHERE longitude = 10.4');
    const after = await subject.app.inject({ method: 'GET', url, headers: { ...authorized, 'if-none-match': String(first.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(acquired(after.rawPayload)).toHaveLength(3);
    expect(acquired(after.rawPayload)).toEqual(acquired(await whole(z, x, y)));
  });

  it.each(TILES)('z%i: a detection the moving start has passed is gone, though nothing was stored', async (z, x, y) => {
    const queries = new FireQueries(new FireRepository(db), 50_000);
    await awayFromHourBoundary();
    const now = Date.now();
    // Half a minute inside the day: still inside when the first tile is drawn, however slow the machine.
    const oldest = now - DAY_MS + 30_000;
    const recent = now - 2 * HOUR_MS;
    await ingest([
      { lon: 10.5, lat: 45.5, at: oldest },
      { lon: 10.6, lat: 45.6, at: recent },
    ]);
    // Stored to the second (ingest drops the milliseconds); a tile's acqTime rounds a row's time to the second.
    const seconds = (at: number) => Math.floor(at / 1000);
    const drawnAt = Date.now();
    expect(acquired((await queries.tile(z, x, y, {})).body)).toEqual([seconds(oldest), seconds(recent)]);
    // Behind the API's back, into the open hour (drawn at every zoom whenever the tile is): an answer drawn again
    // shows it, one from memory does not.
    const fromBehind = inOpenHour(20_000);
    await insertBehindTheApisBack(10.4, 45.4, fromBehind);
    // The clock (only Date) a second after the first draw: the start is still before the oldest detection (and, at
    // z4, before the first whole hour of the window: see awayFromHourBoundary), the kept tile holds.
    vi.useFakeTimers({ toFake: ['Date'], now: drawnAt + 1_000 });
    expect(acquired((await queries.tile(z, x, y, {})).body)).toEqual([seconds(oldest), seconds(recent)]);
    // A minute on: the start has passed it. Drawn again: without it, with the row from behind.
    vi.setSystemTime(now + 60_000);
    expect(acquired((await queries.tile(z, x, y, {})).body)).toEqual([seconds(recent), Math.round(fromBehind / 1000)]);
  });

  it('a full tile is kept too: as many of the window\'s detections as a tile may hold, all inside any start it answers', async () => {
    const repository = new FireRepository(db);
    const [z, x, y] = TILES[1];
    const full = new FireQueries(repository, 2);
    const now = Date.now();
    const times = [now - 4 * HOUR_MS, now - 3 * HOUR_MS, now - 2 * HOUR_MS];
    await ingest(times.map((at, index) => ({ lon: 10.5 + index / 10, lat: 45.5, at })));
    const first = acquired((await full.tile(z, x, y, {})).body);
    expect(first).toHaveLength(2);
    await insertBehindTheApisBack(10.4, 45.4, inOpenHour(20_000));
    // From memory: the same two, each one of the window's.
    expect(acquired((await full.tile(z, x, y, {})).body)).toEqual(first);
    for (const second of first) expect(times.map((at) => Math.floor(at / 1000))).toContain(second);
  });

  it('a span back from now (since=6h) is kept under its span: asked again once its start has moved, from memory', async () => {
    await awayFromHourBoundary();
    const now = Date.now();
    await ingest([{ lon: 10.5, lat: 45.5, at: now - 3 * HOUR_MS }]);
    const url = '/api/tiles/fires/4/8/5.mvt?since=6h&minFrp=1';
    const first = await subject.app.inject({ method: 'GET', url, headers: authorized });
    expect(acquired(first.rawPayload)).toHaveLength(1);
    // Behind the API's back (no hour counter moved): in a tile drawn again, not in one from memory.
    await insertBehindTheApisBack(10.4, 45.4, now - 2 * HOUR_MS);
    await behindTheApisBack('UPDATE fires SET frp = 5');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await subject.app.inject({ method: 'GET', url, headers: authorized });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('a start named in the request is kept under that start: another start is drawn', async () => {
    const queries = new FireQueries(new FireRepository(db), 50_000);
    const [z, x, y] = TILES[0];
    const now = Date.now();
    await ingest([{ lon: 10.5, lat: 45.5, at: now - 3 * HOUR_MS }]);
    const sixHours = new Date(now - 6 * HOUR_MS);
    expect(acquired((await queries.tile(z, x, y, { since: sixHours })).body)).toHaveLength(1);
    await insertBehindTheApisBack(10.4, 45.4, now - 2 * HOUR_MS);
    expect(acquired((await queries.tile(z, x, y, { since: sixHours })).body)).toHaveLength(1);
    expect(acquired((await queries.tile(z, x, y, { since: new Date(now - 5 * HOUR_MS) })).body)).toHaveLength(2);
  });
});
