// A store of this process is added to its kept tiles at its commit, as PostGIS would have drawn them: the tile and the
// point's place in it (mvt-fire-points.ts) agree with ST_TileEnvelope, && and ST_AsMVTGeom, the layer with ST_AsMVT's
// bytes; a kept z8 tile of the last 24 h then answers the store from memory, with no statement, also once the
// commit's own notification has come back; another process's store, a filtered tile and a detection on a tile's edge
// are drawn again as before.
import { VectorTile } from '@mapbox/vector-tile';
import type { NatsConnection } from 'nats';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { FireChangeFeed } from '../../server/fires/fire-change-feed.js';
import type { FireDetection } from '../../server/fires/fire-detection.js';
import { FireQueries, TILE_CACHE_BYTES } from '../../server/fires/fire-queries.js';
import { FireRepository, type StoredFire } from '../../server/fires/fire-repository.js';
import { FireService } from '../../server/fires/fire-service.js';
import { type FirePoint, fireTileOfPoints, tilePosition } from '../../server/fires/mvt-fire-points.js';
import { CountingDatabase } from '../support/counting-database.js';
import { connectTestBus } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createMigratedTestDatabase, createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const quiet = { warn: () => undefined, info: () => undefined };

/** A small seeded generator (mulberry32): the same points every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A tile's features as their properties and point, sorted. */
function features(body: Buffer): string[] {
  const layer = body.length === 0 ? undefined : new VectorTile(new PbfReader(body)).layers.fires;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, index) => {
    const feature = layer.feature(index);
    const point = feature.loadGeometry()[0]?.[0];
    return JSON.stringify({ ...feature.properties, x: point?.x, y: point?.y });
  }).sort();
}

/**
 * Detections of an hour ago at these places (latitude, longitude), stored in a database of their own, and the
 * repository over it for `work` (the database dropped after).
 */
async function withDetectionsAt(places: readonly [number, number][], work: (repository: FireRepository) => Promise<void>): Promise<void> {
  const database = await createMigratedTestDatabase();
  const db = createDatabase({ url: database.url, nullPool: false, logger: quiet });
  try {
    await queryOnce(database.url, "SELECT vantage_ensure_daily_partitions('fires'::regclass, 'acq_time', (now() - interval '2 days')::date, 4)");
    await queryOnce(
      database.url,
      `INSERT INTO fires (latitude, longitude, acq_time, satellite, confidence, frp, daynight, geom)
       SELECT lat, lon, $3, 'N20', 'h', 12.5, 'N', ST_SetSRID(ST_MakePoint(lon, lat), 4326)
       FROM unnest($1::float8[], $2::float8[]) AS p(lat, lon)`,
      [places.map(([latitude]) => latitude), places.map(([, longitude]) => longitude), new Date(Date.now() - HOUR_MS)],
    );
    await work(new FireRepository(db));
  } finally {
    await db.close();
    await database.drop();
  }
}

describe('detections drawn in JavaScript as PostGIS draws them', () => {
  let postgis: TestDatabase;

  beforeAll(async () => {
    postgis = await createTestDatabase();
  });
  afterAll(async () => {
    await postgis?.drop();
  });

  it('puts 4,000 points in the tiles PostGIS puts them in, at the places ST_AsMVTGeom gives, at zooms 7 to 16', async () => {
    const random = seeded(20);
    // Five decimals, as FIRMS gives them; the whole of Web Mercator's square.
    const points = Array.from({ length: 1_000 }, () => [Math.round((-180 + random() * 360) * 1e5) / 1e5, Math.round((-85 + random() * 170) * 1e5) / 1e5] as const);
    for (const zoom of [7, 8, 12, 16]) {
      const placed = points.flatMap(([lon, lat]) => {
        const position = tilePosition(zoom, lon, lat);
        return position ? [{ lon, lat, ...position }] : [];
      });
      // Too near an edge to tell is rare: a unit and 1e-4° of a tile's width at each edge (0.2% at z8, 7% at z16).
      expect(placed.length).toBeGreaterThan(points.length * (zoom === 16 ? 0.85 : 0.99));
      const rows = await queryOnce<{ holders: string[]; geom: string }>(
        postgis.url,
        `WITH p AS (SELECT * FROM unnest($1::float8[], $2::float8[], $3::int[], $4::int[]) WITH ORDINALITY AS t(lon, lat, x, y, i))
         SELECT (SELECT array_agg(dx || ',' || dy ORDER BY dx, dy) FROM generate_series(-1, 1) AS dx, generate_series(-1, 1) AS dy
                 WHERE x + dx BETWEEN 0 AND 2 ^ $5::int - 1 AND y + dy BETWEEN 0 AND 2 ^ $5::int - 1
                   AND ST_SetSRID(ST_MakePoint(lon, lat), 4326)
                       && ST_Expand(ST_Transform(ST_TileEnvelope($5::int, x + dx, y + dy), 4326), 0.087890625 / 2 ^ $5::int)) AS holders,
                ST_AsText(ST_AsMVTGeom(ST_Transform(ST_SetSRID(ST_MakePoint(lon, lat), 4326), 3857), ST_TileEnvelope($5::int, x, y), 4096, 64, true)) AS geom
         FROM p ORDER BY i`,
        [placed.map((p) => p.lon), placed.map((p) => p.lat), placed.map((p) => p.x), placed.map((p) => p.y), zoom],
      );
      expect(rows.map((row) => row.holders)).toEqual(placed.map(() => ['0,0']));
      expect(rows.map((row) => row.geom)).toEqual(placed.map((p) => `POINT(${p.px} ${p.py})`));
    }
  });

  it('answers unsure for a point within a unit of a tile edge (both neighbours hold it), or beyond the map', () => {
    // z8 tile 135 starts at 9.84375° east; a unit of its extent is 1.40625° / 4096 = 0.000343°.
    expect(tilePosition(8, 9.84375, 45.5)).toBeNull();
    expect(tilePosition(8, 9.84384, 45.5)).toBeNull();
    expect(tilePosition(8, 9.8439, 45.5)).toBeNull();
    expect(tilePosition(8, 9.8441, 45.5)).toBeNull();
    expect(tilePosition(8, 9.8443, 45.5)).toMatchObject({ x: 135, y: 91, px: 2 });
    // Tile 135 ends at 11.25° east: half a unit before it rounds to 4096, which no tile of MapLibre's draws.
    expect(tilePosition(8, 11.24983, 45.5)).toBeNull();
    expect(tilePosition(8, 10, 86)).toBeNull();
  });

  it('draws a detection within half a unit of a tile\'s east or south edge in the neighbour, at 0, where MapLibre draws it', async () => {
    // z3: tile 0 ends (tile 1 starts) at 135° west, a unit is 0.011°. Both points lie 0.0004° west of that edge; the
    // second is also 0.0004° north of the edge between rows 4 and 5 (40.979899° south).
    await withDetectionsAt([[-35.0, -135.0004], [-40.9795, -135.0004]], async (repository) => {
      const window = { since: new Date(Date.now() - DAY_MS), filter: {}, fence: null };
      const drawn = async (x: number, y: number) =>
        features(await repository.tile(3, x, y, window, 50_000)).map((feature) => JSON.parse(feature) as { x: number; y: number });
      // MapLibre draws a tile's points in [0, 4096) only (isOutsideTile): each detection is drawn by exactly one tile.
      const inside = (points: { x: number; y: number }[]) => points.filter(({ x, y }) => x >= 0 && x < 4096 && y >= 0 && y < 4096);
      const tiles = [[0, 4], [1, 4], [0, 5], [1, 5]] as const;
      const drawnBy = await Promise.all(tiles.map(([x, y]) => drawn(x, y)));
      expect(drawnBy.map((points) => inside(points).length)).toEqual([0, 1, 0, 1]);
      expect(inside(drawnBy[1]!)[0]).toMatchObject({ x: 0 });
      expect(inside(drawnBy[3]!)[0]).toMatchObject({ x: 0, y: 0 });
    });
  });

  it('draws a detection within half a unit west of +180° in the westernmost tile, at 0, at z0 as at z3', async () => {
    // Off Fiji (row 4 at z3), west of +180° by: 0.0004°, which rounds to 4096 in the easternmost tile at every zoom;
    // 0.03°, which does at z0 (a unit is 0.088°) and lies at 4093 of z3's easternmost (a unit is 0.011°); 0.07°, in
    // z0's one tile twice too (its box a world east reaches 1 unit west of +180°), at 4095 and at -1, drawn once.
    await withDetectionsAt([[-17.0, 179.9996], [-17.5, 179.97], [-18.0, 179.93]], async (repository) => {
      const window = { since: new Date(Date.now() - DAY_MS), filter: {}, fence: null };
      const inside = async (z: number, x: number, y: number) =>
        features(await repository.tile(z, x, y, window, 50_000))
          .map((feature) => JSON.parse(feature) as { x: number; y: number })
          .filter(({ x: px, y: py }) => px >= 0 && px < 4096 && py >= 0 && py < 4096)
          .map(({ x: px }) => px)
          .sort((a, b) => a - b);
      // Each detection is drawn once: those on the edge at 0 of the westernmost tile, the others where they lie.
      expect(await inside(3, 7, 4)).toEqual([4090, 4093]);
      expect(await inside(3, 0, 4)).toEqual([0]);
      expect(await inside(0, 0, 0)).toEqual([0, 0, 4095]);
      // The versioned and edge statements draw the westernmost tiles alike.
      const atZero = (tile: Buffer) => features(tile).filter((feature) => (JSON.parse(feature) as { x: number }).x === 0);
      expect(atZero((await repository.versionedTile(3, 0, 4, window, 50_000)).tile)).toHaveLength(1);
      const now = Date.now();
      const edges = { since: window.since, closedStart: new Date(now - 3 * HOUR_MS), closedEnd: new Date(now - 2 * HOUR_MS), filter: {}, fence: null };
      expect(atZero((await repository.edgeTile(3, 0, 4, edges, 50_000)).tile)).toHaveLength(1);
      expect(atZero((await repository.edgeAndClosedTiles(3, 0, 4, edges, 50_000))!.tile)).toHaveLength(1);
    });
  });

  it('writes the layer ST_AsMVT writes of the same detections, byte for byte', async () => {
    const fires: FirePoint[] = [
      { latitude: 45.5, longitude: 10.5, acqTime: '2026-11-28T06:10:00.000Z', satellite: 'N', confidence: 'n', frp: 3.5, dayNight: 'D' },
      { latitude: 45.61234, longitude: 10.98765, acqTime: '2026-11-28T06:10:00.000Z', satellite: 'N20', confidence: null, frp: null, dayNight: null },
      { latitude: 45.1, longitude: 11.2, acqTime: '2026-11-28T05:59:59.500Z', satellite: 'Terra', confidence: '87', frp: 12.3, dayNight: 'N' },
      { latitude: 45.7, longitude: 10.1, acqTime: '2026-11-27T23:00:00.000Z', satellite: 'N', confidence: 'h', frp: 0.1, dayNight: 'D' },
    ];
    const points = fires.map((fire) => {
      const position = tilePosition(8, fire.longitude, fire.latitude);
      expect(position).toMatchObject({ x: 135, y: 91 });
      return { fire, px: position?.px as number, py: position?.py as number };
    });
    // The fire tiles' own feature select (fire-repository.ts), over rows of the fires table's column types.
    const [row] = await queryOnce<{ tile: Buffer }>(
      postgis.url,
      `WITH f AS (SELECT * FROM unnest($1::float8[], $2::float8[], $3::timestamptz[], $4::text[], $5::text[], $6::real[], $7::text[]) WITH ORDINALITY
                    AS t(latitude, longitude, acq_time, satellite, confidence, frp, daynight, i)),
       features AS (
         SELECT ST_AsMVTGeom(ST_Transform(ST_SetSRID(ST_MakePoint(longitude, latitude), 4326), 3857), ST_TileEnvelope(8, 135, 91), 4096, 64, true) AS geom,
                f.satellite, f.confidence, f.frp, f.daynight AS "dayNight", extract(epoch FROM f.acq_time)::bigint AS "acqTime"
         FROM f ORDER BY i)
       SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile FROM features`,
      (['latitude', 'longitude', 'acqTime', 'satellite', 'confidence', 'frp', 'dayNight'] as const).map((field) => fires.map((fire) => fire[field])),
    );
    const drawn = fireTileOfPoints(points);
    expect(features(drawn)).toEqual(features(row!.tile));
    expect(drawn.toString('hex')).toBe(row!.tile.toString('hex'));
  });
});

describe('a store of this process added to its kept tiles', () => {
  let nats: OwnNats;
  // Its database and the bus's stream; the fires here are stored and read by objects of the test's own.
  let subject: TestApp;
  let bus: NatsConnection;
  let db: Database;
  let elsewhere: Database;
  let feed: FireChangeFeed;
  let counting: CountingDatabase;
  let queries: FireQueries;
  let service: FireService;
  // z8 over northern Italy (lon 9.84–11.25, lat 45.02–46.12).
  const tile = (request: { minFrp?: number } = {}) => queries.tile(8, 135, 91, request);
  /** The last 24 h of the tile drawn by one statement, nothing kept. */
  const whole = (filter: { minFrp?: number } = {}) => new FireRepository(db).tile(8, 135, 91, { since: new Date(Date.now() - DAY_MS), filter, fence: null }, 50_000);
  const detection = (longitude: number, latitude: number, at: number, frp = 4.2): FireDetection => ({
    latitude,
    longitude,
    acqTime: new Date(at).toISOString().replace('.000Z', 'Z'),
    satellite: 'N20',
    instrument: 'VIIRS',
    confidence: 'n',
    frp,
    brightness: null,
    brightnessT31: null,
    scan: null,
    track: null,
    version: null,
    daynight: 'D',
  });
  /** Stored as another process (or a script) would, on a connection of its own: the row, and the hours' counters bumped in the same commit. */
  const storeElsewhere = (longitude: number, latitude: number, at: number) =>
    elsewhere.transaction(async (client) => {
      await client.query(
        `INSERT INTO fires (latitude, longitude, acq_time, satellite, geom) VALUES ($2, $1, $3, 'N', ST_SetSRID(ST_MakePoint($1, $2), 4326))`,
        [longitude, latitude, new Date(at)],
      );
      await new FireRepository(db).bumpHourVersions(client, [{ acqTime: new Date(at).toISOString() } as StoredFire]);
    });
  /** A row no hour's counter heard of: a tile that shows it was drawn again, one that does not came from memory. */
  const behindTheBack = (longitude: number, latitude: number, at: number) =>
    queryOnce(subject.database.url, `INSERT INTO fires (latitude, longitude, acq_time, satellite, geom) VALUES ($2, $1, $3, 'N', ST_SetSRID(ST_MakePoint($1, $2), 4326))`, [
      longitude,
      latitude,
      new Date(at),
    ]);
  const counted = async <T>(work: () => Promise<T>): Promise<{ answer: T; statements: number }> => {
    const before = counting.statements;
    const answer = await work();
    return { answer, statements: counting.statements - before };
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    bus = await connectTestBus(nats.url, nats.token);
    db = createDatabase({ url: subject.database.url, nullPool: false, logger: quiet });
    elsewhere = createDatabase({ url: subject.database.url, nullPool: false, logger: quiet });
    feed = new FireChangeFeed({ databaseUrl: subject.database.url, log: quiet });
    await feed.start();
    counting = new CountingDatabase(db);
    queries = new FireQueries(new FireRepository(counting), 50_000, TILE_CACHE_BYTES, feed);
    service = new FireService(db, new FireRepository(db), new EventPublisher(bus), 'VIIRS_NOAA20_NRT', queries);
  });
  afterAll(async () => {
    await feed?.stop();
    await db?.close();
    await elsewhere?.close();
    await bus?.close();
    await subject?.close();
    await nats?.stop();
  });

  it('answers the next request from memory, the same detections as drawn, and its own notification changes nothing', async () => {
    expect(feed.live).toBe(true);
    const now = Date.now();
    await service.ingest([detection(10.5, 45.5, now - 5 * HOUR_MS), detection(10.6, 45.6, now - 60_000)]);
    expect(features((await tile()).body)).toHaveLength(2);
    const hidden = now - 30_000;
    await behindTheBack(10.4, 45.4, hidden);

    // With one elsewhere in an hour no detection was stored in before: the store's statement inserts that hour's counter
    // and updates the other's, and each of its two triggers sends a notification of its own.
    expect(await service.ingest([detection(10.7, 45.7, now - 10_000, 7.25), detection(-100, 40, now - 7 * HOUR_MS)])).toMatchObject({ stored: 2 });
    const after = await counted(() => tile());
    expect(after.statements).toBe(0);
    const drawn = features(await whole());
    expect(drawn).toHaveLength(4);
    // The whole day as drawn now, but for the row no counter heard of.
    expect(features(after.answer.body)).toEqual(drawn.filter((feature) => !feature.includes(`"acqTime":${Math.round(hidden / 1000)}`)));

    // Another connection's store in an hour the tile does not hold, committed after ours: once it is heard, so were
    // our commit's own notifications (a listener hears them in commit order). The kept tile still holds.
    const marker = now - 3 * DAY_MS;
    const checked = feed.now;
    await storeElsewhere(-60, -30, marker);
    await expect.poll(() => feed.unchangedSince(checked, new Date(marker), new Date(marker + HOUR_MS))).toBe(false);
    const again = await counted(() => tile());
    expect(again.statements).toBe(0);
    expect(again.answer.etag).toBe(after.answer.etag);
  });

  it('a tile drawn while a store commits, which may hold its detections already, is drawn again rather than added to', async () => {
    const at = Date.now() - 40_000;
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    await tile();
    // A store about to commit, as FireService tells it; its row committed (here by another connection, which also
    // bumps the hour, so the tile is drawn again once that is heard: drawn after the commit, the row in it).
    const tilesSetBefore = queries.committing({ hours: [hour], processId: null });
    const checked = feed.now;
    await storeElsewhere(10.55, 45.35, at);
    await expect.poll(() => feed.unchangedSince(checked, new Date(hour))).toBe(false);
    const drawn = await counted(() => tile());
    expect(drawn.statements).toBeGreaterThan(0);
    // The store noted only now: the tile drawn meanwhile is not added to, and is drawn again; the row is in it once.
    const stored = { latitude: 45.35, longitude: 10.55, acqTime: new Date(at).toISOString(), satellite: 'N', instrument: null, confidence: null, frp: null, brightness: null, dayNight: null };
    queries.noteStored({ fires: [stored], hours: [hour], processId: null, tilesSetBefore });
    const next = await counted(() => tile());
    expect(next.statements).toBeGreaterThan(0);
    expect(features(next.answer.body)).toEqual(features(await whole()));
  });

  it("draws again after another process's store, and a filtered tile or a store on a tile's edge as before", async () => {
    const now = Date.now();
    await tile();
    await tile({ minFrp: 1 });
    const checked = feed.now;
    await storeElsewhere(10.8, 45.8, now - 20_000);
    await expect.poll(() => feed.unchangedSince(checked, new Date(now - DAY_MS))).toBe(false);
    const redrawn = await counted(() => tile());
    expect(redrawn.statements).toBeGreaterThan(0);
    expect(features(redrawn.answer.body)).toEqual(features(await whole()));

    // Filtered: drawn again.
    await service.ingest([detection(10.9, 45.9, now - 5_000, 9)]);
    const filtered = await counted(() => tile({ minFrp: 1 }));
    expect(filtered.statements).toBeGreaterThan(0);
    expect(features(filtered.answer.body)).toEqual(features(await whole({ minFrp: 1 })));
    expect(features(filtered.answer.body).some((feature) => feature.includes('"frp":9'))).toBe(true);

    // On the tile's west edge (PostGIS's to place): drawn again.
    await tile();
    await behindTheBack(11, 46, now - 4_000);
    await service.ingest([detection(9.84375, 45.3, now - 3_000)]);
    const edge = await counted(() => tile());
    expect(edge.statements).toBeGreaterThan(0);
    expect(features(edge.answer.body)).toEqual(features(await whole()));
  });
});
