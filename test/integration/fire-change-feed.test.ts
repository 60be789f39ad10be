// The fire change feed against the real PostgreSQL: a statement that bumps hours' counters tells every listener at
// commit through the table's triggers (a rolled-back one tells nobody), retention says "every hour", a lost
// connection is distrusted until it listens again, and one that goes silent is noticed by its own ping; and a kept
// tile whose hours no process stored in since is answered with no database statement.
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { FireChangeFeed } from '../../server/fires/fire-change-feed.js';
import { FireQueries, TILE_CACHE_BYTES } from '../../server/fires/fire-queries.js';
import { FireRepository, type StoredFire } from '../../server/fires/fire-repository.js';
import { PartitionRepository } from '../../server/partitions/partition-repository.js';
import { CountingDatabase } from '../support/counting-database.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const HOUR_MS = 3_600_000;
const quiet = { warn: () => undefined, info: () => undefined };

/** A stored detection as the insert answers it: only its acquisition time matters to the hours' counters. */
const storedAt = (at: number) => ({ acqTime: new Date(at).toISOString().replace('.000Z', 'Z') }) as StoredFire;

describe('fire change feed', () => {
  let database: TestDatabase;
  let db: Database;
  let feed: FireChangeFeed;
  /** Another process's store: the hours' counters bumped in a transaction of its own. */
  const storeElsewhere = (ats: number[], rollBack = false) =>
    db
      .transaction(async (client) => {
        await new FireRepository(db).bumpHourVersions(client, ats.map(storedAt));
        if (rollBack) throw new Error('rolled back');
      })
      .catch((error: Error) => {
        if (!rollBack) throw error;
      });

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: quiet });
    feed = new FireChangeFeed({ databaseUrl: database.url, log: quiet });
    await feed.start();
  });
  afterAll(async () => {
    await feed?.stop();
    await db?.close();
    await database?.drop();
  });

  it('hears the hours another connection stored in, at its commit; a rolled-back store says nothing', async () => {
    expect(feed.live).toBe(true);
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
    const checked = feed.now;
    expect(feed.unchangedSince(checked, new Date(hour))).toBe(true);

    await storeElsewhere([hour + 60_000], true);
    // A commit's notification comes after its statement: give a rolled-back one the same time to (not) arrive.
    await storeElsewhere([hour - 10 * HOUR_MS]);
    await expect.poll(() => feed.unchangedSince(checked, new Date(hour - 10 * HOUR_MS), new Date(hour - 9 * HOUR_MS))).toBe(false);
    expect(feed.unchangedSince(checked, new Date(hour), new Date(hour + HOUR_MS))).toBe(true);

    await storeElsewhere([hour + 60_000]);
    await expect.poll(() => feed.unchangedSince(checked, new Date(hour), new Date(hour + HOUR_MS))).toBe(false);
    // A window that ends before the hour, or starts after it, did not change.
    expect(feed.unchangedSince(checked, new Date(hour - 2 * HOUR_MS), new Date(hour))).toBe(true);
    expect(feed.unchangedSince(checked, new Date(hour + HOUR_MS))).toBe(true);
    // Checked after the change: unchanged since.
    expect(feed.unchangedSince(feed.now, new Date(hour))).toBe(true);
  });

  it('retention says every hour may have changed', async () => {
    const checked = feed.now;
    await new PartitionRepository(db).announceFireRetention();
    await expect.poll(() => feed.unchangedSince(checked, new Date(Date.now() + HOUR_MS))).toBe(false);
  });

  it('a lost connection is not trusted until it listens again, and every tile checked before is checked again', async () => {
    const checked = feed.now;
    await queryOnce(database.url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vantage-fire-changes' AND datname = current_database()");
    await expect.poll(() => feed.live).toBe(false);
    expect(feed.unchangedSince(feed.now, new Date())).toBe(false);
    await expect.poll(() => feed.live, { timeout: 10_000 }).toBe(true);
    expect(feed.unchangedSince(checked, new Date(Date.now() + HOUR_MS))).toBe(false);
    // It hears stores again.
    const again = feed.now;
    await storeElsewhere([Date.now()]);
    await expect.poll(() => feed.unchangedSince(again, new Date(Date.now() - HOUR_MS))).toBe(false);
  });

  it('a kept tile whose hours did not change is answered with no statement; one whose hours did is checked again', async () => {
    const counting = new CountingDatabase(db);
    const queries = new FireQueries(new FireRepository(counting), 50_000, TILE_CACHE_BYTES, feed);
    // z8 over northern Italy, the map's last 24 h (drawn whole at z8), and a window of closed hours.
    const hourNow = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const closed = { since: new Date(hourNow - 6 * HOUR_MS), until: new Date(hourNow - 2 * HOUR_MS) };
    for (const request of [{}, closed]) {
      const first = await queries.tile(8, 135, 91, request);
      const before = counting.statements;
      const again = await queries.tile(8, 135, 91, request);
      expect(again.etag).toBe(first.etag);
      expect(counting.statements - before).toBe(0);
    }
    // A store in one of the closed hours, by another process: both tiles are checked against the database again.
    const beforeStore = feed.now;
    await storeElsewhere([hourNow - 3 * HOUR_MS]);
    await expect.poll(() => feed.unchangedSince(beforeStore, closed.since, closed.until)).toBe(false);
    for (const request of [{}, closed]) {
      const before = counting.statements;
      await queries.tile(8, 135, 91, request);
      expect(counting.statements - before).toBeGreaterThan(0);
    }
  });

  it('a kept tile whose hours were heard to change is checked by the statement that draws it: kept when its version held, drawn again when it moved', async () => {
    // The counts below are of one hour's tiles: a start in the last 30 s of an hour waits for the next one.
    const leftInHour = HOUR_MS - (Date.now() % HOUR_MS);
    if (leftInHour < 30_000) await new Promise((resolve) => setTimeout(resolve, leftInHour + 1_000));
    const counting = new CountingDatabase(db);
    const queries = new FireQueries(new FireRepository(counting), 50_000, TILE_CACHE_BYTES, feed);
    const hourNow = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const closed = { since: new Date(hourNow - 6 * HOUR_MS), until: new Date(hourNow - 2 * HOUR_MS) };
    // Over northern Italy: z8 drawn whole, z4 joined from its closed hours and edges, and a window of closed hours.
    const tiles = [
      { name: 'z8, last 24 h', at: [8, 135, 91], request: {} },
      { name: 'z4, last 24 h', at: [4, 8, 5], request: {} },
      { name: 'z8, closed hours', at: [8, 135, 91], request: closed },
    ] as const;
    const ask = async (tile: (typeof tiles)[number]) => {
      const before = counting.statements;
      const answer = await queries.tile(tile.at[0], tile.at[1], tile.at[2], tile.request);
      return { etag: answer.etag, statements: counting.statements - before };
    };
    const first = [];
    for (const tile of tiles) first.push(await ask(tile));

    // Heard, but nothing moved (a process hears its own store again from the feed, after noting it at its commit).
    feed.noteChanged([hourNow - 3 * HOUR_MS]);
    for (const [index, tile] of tiles.entries()) expect({ tile: tile.name, ...(await ask(tile)) }).toEqual({ tile: tile.name, etag: first[index]?.etag, statements: 1 });

    // Another process stores a detection in the tiles, three hours ago.
    const beforeStore = feed.now;
    await db.transaction(async (client) => {
      const at = new Date(hourNow - 3 * HOUR_MS + 60_000);
      await client.query(
        `INSERT INTO fires (latitude, longitude, acq_time, satellite, confidence, frp, daynight, instrument, geom)
         VALUES (45.5, 10.5, $1, 'N', 'n', 3.5, 'D', 'VIIRS', ST_SetSRID(ST_MakePoint(10.5, 45.5), 4326))`,
        [at],
      );
      await new FireRepository(db).bumpHourVersions(client, [storedAt(at.getTime())]);
    });
    await expect.poll(() => feed.unchangedSince(beforeStore, closed.since, closed.until)).toBe(false);
    // One statement each reads the version and draws; z4's closed hours changed too, so they are drawn again as well.
    const statements = { 'z8, last 24 h': 1, 'z4, last 24 h': 2, 'z8, closed hours': 1 };
    for (const [index, tile] of tiles.entries()) {
      const again = await ask(tile);
      expect({ tile: tile.name, statements: again.statements }).toEqual({ tile: tile.name, statements: statements[tile.name] });
      expect(again.etag).not.toBe(first[index]?.etag);
    }
  });

  it('a connection that goes silent (dropped by something between, no word of it) is noticed by its own ping', async () => {
    // A loopback proxy between the listener and PostgreSQL that can stop passing bytes without closing anything.
    const target = new URL(database.url);
    let frozen = false;
    const sockets: Socket[] = [];
    const proxy = createServer((inbound) => {
      const outbound = connect(Number(target.port), target.hostname);
      sockets.push(inbound, outbound);
      inbound.on('data', (chunk) => void (frozen || outbound.write(chunk)));
      outbound.on('data', (chunk) => void (frozen || inbound.write(chunk)));
      inbound.on('error', () => undefined);
      outbound.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const through = new URL(database.url);
    through.hostname = '127.0.0.1';
    through.port = String((proxy.address() as AddressInfo).port);
    const watched = new FireChangeFeed({ databaseUrl: through.toString(), log: quiet, heartbeatMs: 200, pingTimeoutMs: 500 });
    try {
      await watched.start();
      expect(watched.live).toBe(true);
      // Pings come back while bytes pass.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(watched.live).toBe(true);
      frozen = true;
      await expect.poll(() => watched.live, { timeout: 5_000 }).toBe(false);
      expect(watched.unchangedSince(watched.now, new Date())).toBe(false);
    } finally {
      await watched.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('without options it never listens, and nothing is taken as unchanged', async () => {
    const off = new FireChangeFeed(null);
    await off.start();
    expect(off.live).toBe(false);
    expect(off.unchangedSince(off.now, new Date())).toBe(false);
  });
});
