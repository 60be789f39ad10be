// SQL for fire detections: batch insert (duplicates collapsed, existing ones skipped, hour versions bumped),
// bbox queries, vector tiles and the version a tile of closed hours is revalidated against.
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { pointBboxCondition } from '../db/bbox-sql.js';
import { copyRows, csvField } from '../db/copy-rows.js';
import type { Database, Queryable } from '../db/database.js';
import { isoTimeSql } from '../db/iso-time-sql.js';
import { jsonArrayStream } from '../db/json-array-stream.js';
import type { Bbox } from '../http/query-params.js';
import type { FireDetection } from './fire-detection.js';
import { type FireFilter, fireFilterCondition, fireFilterParams } from './fire-filter.js';
import { mapInSlices } from '../time-sliced.js';
import { unavailable } from '../domain-errors.js';
import { FIRE_LIST_COLUMNS, type FireTextRow, fireListElements } from './fire-list-json.js';

// Rows go into a transaction-scoped staging table by COPY, then into fires in one statement that empties it (a
// request's chunks pass through it one after another). ON CONFLICT DO NOTHING skips rows already stored and, taken in
// batch order, the later repeats of a row inside the batch: the first occurrence wins.
const CREATE_STAGING = `
CREATE TEMP TABLE fires_staging (
  ord int, latitude float8, longitude float8, acq_time timestamptz, satellite text, instrument text,
  confidence text, frp real, brightness real, brightness_t31 real, scan real, track real, version text, daynight text
) ON COMMIT DROP`;

const COPY_STAGING = `COPY fires_staging FROM STDIN WITH (FORMAT csv)`;

const INSERT_FROM_STAGING = `
WITH staged AS (DELETE FROM fires_staging RETURNING *),
inserted AS (
  INSERT INTO fires (latitude, longitude, acq_time, satellite, instrument, confidence, frp, brightness,
                     brightness_t31, scan, track, version, daynight, geom)
  SELECT latitude, longitude, acq_time, satellite, instrument, confidence, frp, brightness,
         brightness_t31, scan, track, version, daynight, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
  FROM staged
  ORDER BY ord
  ON CONFLICT DO NOTHING
  RETURNING latitude, longitude, acq_time, satellite, instrument, confidence, frp, brightness, daynight
)
SELECT latitude, longitude, ${isoTimeSql('acq_time')} AS "acqTime", satellite,
       instrument, confidence, frp, brightness, daynight AS "dayNight"
FROM inserted`;

// The acquisition hours that gained detections get their change counter bumped (cached tiles of those hours stop
// matching), once per transaction after all its chunks and in hour order, so concurrent batches lock them in one order.
// The table's own triggers send the hours to every API process at commit (017_fire_hours_notify, fire-change-feed.ts).
// It answers the session's process id, which the notifications it sends carry (fire-change-feed.ts knows its own).
const BUMP_HOUR_VERSIONS = `
INSERT INTO fire_hour_versions AS v (hour)
SELECT hour FROM unnest($1::timestamptz[]) AS hour ORDER BY 1
ON CONFLICT (hour) DO UPDATE SET version = v.version + 1
RETURNING pg_backend_pid() AS pid`;

function stagingLine(d: FireDetection, ord: number): string {
  return [ord, d.latitude, d.longitude, d.acqTime, csvField(d.satellite), csvField(d.instrument), csvField(d.confidence), csvField(d.frp),
    csvField(d.brightness), csvField(d.brightnessT31), csvField(d.scan), csvField(d.track), csvField(d.version), csvField(d.daynight)].join(',');
}

/** What the event message of a newly stored detection needs. */
export interface StoredFire {
  latitude: number;
  longitude: number;
  acqTime: string;
  satellite: string;
  instrument: string | null;
  confidence: string | null;
  frp: number | null;
  brightness: number | null;
  dayNight: 'D' | 'N' | null;
}

/** The hours a store bumped (their starts, ms), and the database session whose commit tells every process of them. */
export interface BumpedHours {
  hours: number[];
  processId: number | null;
}

/** Detections of [since, until) in the bbox that pass the filter. */
export interface FireSelection {
  bbox?: Bbox;
  since: Date;
  until?: Date;
  filter: FireFilter;
  /** The shape (EWKB) of the filter's geofence, read once per request; null without one. */
  fence: Buffer | null;
}

export interface FireQuery extends FireSelection {
  limit: number;
}

/**
 * FROM, WHERE, ORDER and LIMIT of "the newest detections of a selection", for the list and the export: $1–$4 bbox,
 * $5 since, $6 until (or null), $7 limit, $8–$12 the filter. The bbox is tested on latitude/longitude, so the covering
 * index on acq_time answers from the index alone (013_fire_hot_paths), the filter's confidence, FRP and satellite too.
 */
export const NEWEST_SELECTED_FIRES = `
FROM fires f
WHERE acq_time >= $5 AND ($6::timestamptz IS NULL OR acq_time < $6)
  AND ${pointBboxCondition('latitude', 'longitude', 1)}
  AND ${fireFilterCondition('f', 8)}
ORDER BY acq_time DESC
LIMIT $7`;

// GET /api/fires: each column as PostgreSQL's text (fire-list-json.ts writes the JSON).
const SELECT_FIRE_LIST = `SELECT ${FIRE_LIST_COLUMNS} ${NEWEST_SELECTED_FIRES}`;

/** Every column as the text PostgreSQL sent: nothing parsed (see fire-list-json.ts). */
const AS_SENT = { getTypeParser: () => (text: string) => text };

// The exact number the list would answer without its limit, from the same index. $1–$4 bbox, $5 since, $6 until, $7–$11 the filter.
const COUNT_FIRES = `
SELECT count(*)::int AS count
FROM fires f
WHERE acq_time >= $5 AND ($6::timestamptz IS NULL OR acq_time < $6)
  AND ${pointBboxCondition('latitude', 'longitude', 1)}
  AND ${fireFilterCondition('f', 7)}`;

// The detection nearest a point ($1 longitude, $2 latitude), on the sphere: found in distance order by the geography
// GiST index (fires_geog_idx), so across the antimeridian too and true in the north (in degrees of longitude and
// latitude, 3° north at 65°N came before 5° east, 333 km against 235); its distance and bearing on the spheroid.
const NEAREST_FIRE = `
WITH nearest AS (
  SELECT f.geom, f.latitude, f.longitude
  FROM fires f
  WHERE f.acq_time >= $3 AND ($4::timestamptz IS NULL OR f.acq_time < $4)
    AND ${fireFilterCondition('f', 5)}
  ORDER BY f.geom::geography <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography
  LIMIT 1
)
SELECT n.latitude, n.longitude,
       -- The newest pass over that spot (a pixel seen again and again): the one the index met first was any of them.
       (SELECT ${isoTimeSql('max(g.acq_time)')} FROM fires g
        WHERE g.geom && n.geom AND g.latitude = n.latitude AND g.longitude = n.longitude
          AND g.acq_time >= $3 AND ($4::timestamptz IS NULL OR g.acq_time < $4) AND ${fireFilterCondition('g', 5)}) AS "acqTime",
       ST_Distance(n.geom::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography) / 1000 AS "distanceKm",
       coalesce(degrees(ST_Azimuth(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, n.geom::geography)), 0) AS "bearingDeg"
FROM nearest n`;

/**
 * How long the nearest detection may be looked for. Under a filter that leaves none in the window, the distance-ordered
 * scan reads every detection of the window before it can answer none (a week: about 1.2 million rows of 5 million).
 */
const NEAREST_FIRE_TIMEOUT = '3s';

/** PostgreSQL's code for a statement cancelled, by its timeout among others. */
const QUERY_CANCELED = '57014';

export interface NearestFireRow {
  latitude: number;
  longitude: number;
  acqTime: string;
  distanceKm: number;
  bearingDeg: number;
}

/** The columns of a tile's MVT layer, as tileFeatureSelect names them. */
const TILE_COLUMNS = 'geom, satellite, confidence, frp, "dayNight", "acqTime"';

/** The width of Web Mercator's world (m): a point moved by it is drawn on the next copy of the world. */
const WORLD_WIDTH_M = 2 * Math.PI * 6_378_137;

/**
 * A tile's features (TILE_COLUMNS, and `extra` columns after them) of the detections in `bounds` whose acquisition
 * time passes `when`; with `wraps` (the westernmost tiles, see tileBounds), also those in its box beyond +180°, drawn a
 * world to the west (moved in metres: PROJ would fold a longitude past -180° back to the east). At z0 the one tile is
 * both ends of the world: a detection near +180° is in it twice, at its place and a world to the west, and MapLibre
 * draws the one inside the tile.
 */
function tileFeatureSelect(when: string, firstFilterParam: number, wraps: boolean, extra = ''): string {
  const select = (geom: string, box: string) => `SELECT ST_AsMVTGeom(${geom}, b.tile, 4096, 64, true) AS geom,
         f.satellite, f.confidence, f.frp, f.daynight AS "dayNight",
         extract(epoch FROM f.acq_time)::bigint AS "acqTime"${extra ? `, ${extra}` : ''}
  FROM fires f, bounds b
  WHERE f.geom && ${box} AND ${when} AND ${fireFilterCondition('f', firstFilterParam)}`;
  const own = select('ST_Transform(f.geom, 3857)', 'b.box');
  return wraps ? `${own}\n  UNION ALL\n  ${select(`ST_Translate(ST_Transform(f.geom, 3857), ${-WORLD_WIDTH_M}, 0)`, 'b.beyond')}` : own;
}

/**
 * The tile's envelope, and the box its detections are looked for in: the envelope in degrees, grown by one unit of the
 * tile's 4096 (360° / 4096 / 2^z: a unit of longitude, at least one of latitude). ST_AsMVTGeom rounds a point to the
 * unit, and MapLibre draws a point of a tile only inside [0, 4096): one within half a unit of the east or south edge
 * rounds to 4096 and is left to the neighbour, which must hold it at 0. With the envelope alone, such a point was in no
 * tile drawn (one in about 4,000 at each zoom, a different one at each). East of the easternmost tiles is the
 * westernmost, a world on: with `wraps` (x = 0) the box is also looked in a world to the east (`beyond`), for the
 * detections within a unit west of +180° (tileFeatureSelect); the other tiles' statements are as they were.
 */
function tileBounds(wraps: boolean): string {
  const box = `ST_Expand(ST_Transform(ST_TileEnvelope($1, $2, $3), 4326), ${360 / 4096} / 2 ^ $1)`;
  return `bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS tile, ${box} AS box${wraps ? `, ST_Translate(${box}, 360, 0) AS beyond` : ''})`;
}

// $4 since, $5 until (or null), $6 the most features a tile holds, $7–$10 the filter.
const tileStatement = (wraps: boolean) => `
WITH ${tileBounds(wraps)},
features AS (
  ${tileFeatureSelect('f.acq_time >= $4 AND ($5::timestamptz IS NULL OR f.acq_time < $5)', 7, wraps)}
  LIMIT $6
)
SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile FROM features`;

/**
 * What the detections of [since, until) (until null: no end) are drawn from: the change counters of the hours
 * the window touches, the oldest daily partition (retention drops whole days) and the oldest stray in the default
 * partition (retention deletes those). Any stored change moves it; it never comes back to an old value.
 */
function windowVersion(since: string, until: string): string {
  return `concat_ws('/', ${hoursVersion(since, until)}, ${OLDEST_PARTITION}, ${OLDEST_STRAY})`;
}

/** The first part of windowVersion: the sum of the change counters of the hours [since, until) touches. */
function hoursVersion(since: string, until: string): string {
  return `(SELECT coalesce(sum(version), 0) FROM fire_hour_versions
      WHERE hour >= date_trunc('hour', ${since}::timestamptz, 'UTC') AND (${until}::timestamptz IS NULL OR hour < ${until}::timestamptz))`;
}

const OLDEST_PARTITION = `(SELECT min(inhrelid::regclass::text) FROM pg_inherits
      WHERE inhparent = 'fires'::regclass AND inhrelid <> 'fires_default'::regclass)`;

const OLDEST_STRAY = '(SELECT extract(epoch FROM min(acq_time)) FROM fires_default)';

/**
 * The features' condition that draws them only when the gate's version (a kept tile's window's, in `current`) is
 * not the one known: a condition on no column, which PostgreSQL checks once before any scan (a one-time filter),
 * and folds away when none is known.
 */
function unlessKnown(knownParam: string): string {
  return `(${knownParam}::text IS NULL OR (SELECT gate FROM current) IS DISTINCT FROM ${knownParam}::text)`;
}

// Tile and version in one statement: one snapshot, so the version is exactly what the tile was drawn from; with, from
// the same pass over the features, a bound on the oldest one's acquisition (s): a second before the oldest "acqTime",
// which is rounded to the second, so none is older. With $12 (the start of a kept tile's window) and $13 (its version),
// nothing is drawn when the version of [$12, $5) is still $13: the kept tile holds.
const versionedTileStatement = (wraps: boolean) => `
WITH ${tileBounds(wraps)},
parts AS (
  SELECT ${hoursVersion('$4', '$5')} AS hours, CASE WHEN $13::text IS NULL THEN NULL ELSE ${hoursVersion('$12', '$5')} END AS kept_hours,
         ${OLDEST_PARTITION} AS partition, ${OLDEST_STRAY} AS stray),
current AS (
  SELECT concat_ws('/', hours, partition, stray) AS version,
         CASE WHEN kept_hours IS NULL THEN NULL ELSE concat_ws('/', kept_hours, partition, stray) END AS gate
  FROM parts),
features AS (
  ${tileFeatureSelect(`f.acq_time >= $4 AND ($5::timestamptz IS NULL OR f.acq_time < $5) AND ${unlessKnown('$13')}`, 7, wraps)}
  LIMIT $6
)
SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile, min("acqTime") - 1 AS oldest,
       (SELECT version FROM current) AS version, (SELECT gate FROM current) AS gate
FROM features`;

const WINDOW_VERSION = `SELECT ${windowVersion('$1', '$2')} AS version`;

// The versions' parts, each read once: the hours' counters of the closed hours [$5, $6) between the edges, of the
// whole window [$4 since, $7 until or open) and, with $14 (a kept tile's start), of [$14, $7); and the two parts
// every window shares (see windowVersion).
const EDGE_VERSION_PARTS = `versions AS (
  SELECT ${hoursVersion('$5', '$6')} AS closed_hours, ${hoursVersion('$4', '$7')} AS window_hours,
         CASE WHEN $14::timestamptz IS NULL THEN NULL ELSE ${hoursVersion('$14', '$7')} END AS kept_hours,
         ${OLDEST_PARTITION} AS partition, ${OLDEST_STRAY} AS stray)`;

// The data versions of the closed hours and of the whole window (and of the kept tile's window, or null), as
// windowVersion writes them; and a bound on the whole window's oldest acquisition (s): the edges' bound, or the start
// of the closed hours (none of theirs is older), whichever is older.
const EDGE_VERSIONS = `concat_ws('/', v.closed_hours, v.partition, v.stray) AS version,
       concat_ws('/', v.window_hours, v.partition, v.stray) AS window_version,
       CASE WHEN v.kept_hours IS NULL THEN NULL ELSE concat_ws('/', v.kept_hours, v.partition, v.stray) END AS kept_window_version,
       least(edge_tile.oldest, floor(extract(epoch FROM $5::timestamptz))::bigint) AS oldest`;

// The edges of an open window around its closed hours: [$4 since, $5 closed start) and [$6 closed end, $7 until or
// open), at most $8 features, $9–$13 the filter; with EDGE_VERSIONS, in the same snapshot. One select with an OR of
// the two ranges: as a UNION ALL of a select per range it took three times as long to plan and longer to run (5
// million stored, PostgreSQL's own timing, median of 30: z4 planning 1.56 → 0.59 ms, execution 3.2 → 0.8 ms; z3
// 1.6–1.9 → 0.6 ms and 6.6–9.1 → 1.7 ms).
const edgeTileStatement = (wraps: boolean) => `
WITH ${tileBounds(wraps)},
edges AS (
  ${tileFeatureSelect('f.acq_time >= $4 AND (f.acq_time < $5 OR f.acq_time >= $6) AND ($7::timestamptz IS NULL OR f.acq_time < $7)', 9, wraps)}
  LIMIT $8
),
edge_tile AS (SELECT ST_AsMVT(edges.*, 'fires', 4096, 'geom') AS tile, min("acqTime") - 1 AS oldest FROM edges),
${EDGE_VERSION_PARTS}
SELECT edge_tile.tile, ${EDGE_VERSIONS} FROM edge_tile, versions v`;

// The first request of an hour: the whole window [$4, $7 until or open) drawn by one ST_AsMVT, as its whole tile is,
// its closed hours' features [$5, $6) first (ST_AsMVT writes rows in the order it is given them, here the aggregate's
// own ORDER BY; the feature's columns come through a LATERAL row, which leaves in_closed out), with how many they are: the
// closed hours' tile is that many features of it (firstFeatures). In one snapshot with EDGE_VERSIONS. At most $8 + 1
// features: a window that holds more than a tile may is told as such (overflow), its parts not whole. (It drew the
// edges' and the closed hours' tiles, two ST_AsMVT from a materialized CTE, which the API then joined: 5M stored, z4
// of the western US, 1,220 detections, PostgreSQL's own timing (median of 30) planning 0.49 and execution 4.68 ms against
// 0.24 and 3.70 ms for the bare whole tile; in a later run 0.44 and 3.29 ms against 0.23 and 3.56 ms.)
const edgeAndClosedTilesStatement = (wraps: boolean) => `
WITH ${tileBounds(wraps)},
edge_tile AS (
  SELECT ST_AsMVT(t, 'fires', 4096, 'geom' ORDER BY f.in_closed DESC) AS tile,
         min(f."acqTime") FILTER (WHERE NOT f.in_closed) - 1 AS oldest, count(*) FILTER (WHERE f.in_closed) AS closed_count,
         count(*) > $8 AS overflow
  FROM (
    ${tileFeatureSelect('f.acq_time >= $4 AND ($7::timestamptz IS NULL OR f.acq_time < $7)', 9, wraps, 'f.acq_time >= $5 AND f.acq_time < $6 AS in_closed')}
    LIMIT $8 + 1) AS f,
  LATERAL (SELECT ${TILE_COLUMNS.split(', ').map((column) => `f.${column}`).join(', ')}) AS t),
${EDGE_VERSION_PARTS}
SELECT edge_tile.tile, edge_tile.closed_count, edge_tile.overflow, ${EDGE_VERSIONS}
FROM edge_tile, versions v`;

/** A tile statement and the name it is prepared under (see PREPARED_TILE_MIN_ZOOM). */
interface TileStatement {
  name: string;
  text: string;
}

/** The four tile statements, as the tiles of a column draw them (see tileBounds). */
interface TileStatements {
  tile: TileStatement;
  versionedTile: TileStatement;
  edgeTile: TileStatement;
  edgeAndClosedTiles: TileStatement;
}

function tileStatements(wraps: boolean): TileStatements {
  const named = (name: string, text: string): TileStatement => ({ name: `fire_${name}${wraps ? '_westernmost' : ''}`, text });
  return {
    tile: named('tile', tileStatement(wraps)),
    versionedTile: named('versioned_tile', versionedTileStatement(wraps)),
    edgeTile: named('edge_tile', edgeTileStatement(wraps)),
    edgeAndClosedTiles: named('edge_and_closed_tiles', edgeAndClosedTilesStatement(wraps)),
  };
}

/**
 * Tiles of this zoom and deeper run their statement prepared, which PostgreSQL then plans once for every tile (a generic
 * plan: the box's index scan in the partitions the window touches, pruned as it runs) instead of for each: their boxes
 * are small enough for that one plan to fit them all. Over 5 million stored, each statement of 150 tile requests (z0 to
 * z10, windows of 1 h to 30 days, with and without a filter) run with a plan of its own and with the generic one, in
 * turns, median of 7 each, in two runs: the generic took 0.43–1.18× of the time at z4 (1.18× for 7 days, where the
 * scan is all of it, 1.02× in the other run), 0.38–0.83× at z6 and 0.31–0.55× at z8 and z10; 0.79–1.51× at z3, and
 * 1.03–12× at z0–z2 (a box of much of the world, where a plan of its own reads the partitions through: z0's last hour
 * 2.4 → 29 ms).
 */
export const PREPARED_TILE_MIN_ZOOM = 4;

const TILE_STATEMENTS = tileStatements(false);
const WESTERNMOST_TILE_STATEMENTS = tileStatements(true);

/** The statements of the tiles of column x (the westernmost look beyond +180° too). */
function statementsOf(x: number): TileStatements {
  return x === 0 ? WESTERNMOST_TILE_STATEMENTS : TILE_STATEMENTS;
}

/** A window of detections to draw: [since, until) (until absent: no end), under the filter (and its fence's shape). */
export interface TileWindow {
  since: Date;
  until?: Date;
  filter: FireFilter;
  fence: Buffer | null;
}

/** A tile as versionedTile answers it. */
export interface VersionedTile {
  tile: Buffer;
  /** The data version of its window (windowVersion). */
  version: string;
  /** No detection it holds was acquired before this (ms); null when it holds none. */
  oldest: number | null;
}

/** The data version a kept tile was drawn from: of the window from `since` on (to the window's end). */
export interface KnownVersion {
  since: Date;
  version: string;
}

/** An open window around its closed hours [closedStart, closedEnd): the edges are [since, closedStart) and [closedEnd, until). */
interface EdgeWindow {
  since: Date;
  closedStart: Date;
  closedEnd: Date;
  until?: Date;
  filter: FireFilter;
  fence: Buffer | null;
  /** A kept tile's start: the version of the window from it is read too (EdgeTiles.keptWindowVersion). */
  keptSince?: Date;
}

/** What the edges' statements answer besides their tiles. */
export interface EdgeTiles {
  /** The data version of the closed hours between the edges. */
  version: string;
  /** The data version of the whole window. */
  windowVersion: string;
  /** No detection of the whole window was acquired before this (ms). */
  oldest: number;
  /** The data version of the window from EdgeWindow.keptSince on (null when none was given). */
  keptWindowVersion: string | null;
}

interface EdgeRow {
  version: string;
  window_version: string;
  oldest: string;
  kept_window_version: string | null;
}

function edgeVersions(row: EdgeRow): EdgeTiles {
  return { version: row.version, windowVersion: row.window_version, oldest: Number(row.oldest) * 1000, keptWindowVersion: row.kept_window_version };
}

/** A bigint of seconds as PostgreSQL sends it (text), in ms. */
function secondsAsMs(seconds: string | null): number | null {
  return seconds === null ? null : Number(seconds) * 1000;
}

/** $1–$14 of the edge statements (edgeTileStatement, edgeAndClosedTilesStatement). */
function edgeParams(z: number, x: number, y: number, window: EdgeWindow, maxFeatures: number): unknown[] {
  return [
    z, x, y, window.since, window.closedStart, window.closedEnd, window.until ?? null, maxFeatures, ...fireFilterParams(window.filter, window.fence), window.keptSince ?? null,
  ];
}

const GEOFENCE_SHAPE = 'SELECT ST_AsEWKB(geom) AS shape FROM geofences WHERE id = $1::bigint';

export class FireRepository {
  constructor(private readonly db: Database) {}

  /** Makes the staging table that insertChunk passes rows through, for the rest of the caller's transaction. */
  async createStaging(client: Queryable): Promise<void> {
    await client.query(CREATE_STAGING);
  }

  /** Inserts the new detections of one chunk through the staging table (chunks one after another, in their order). */
  async insertChunk(client: Queryable, detections: readonly FireDetection[]): Promise<StoredFire[]> {
    if (detections.length === 0) return [];
    await copyRows(client, COPY_STAGING, await mapInSlices(detections, stagingLine));
    return (await client.query<StoredFire>(INSERT_FROM_STAGING)).rows;
  }

  /**
   * Bumps the change counter of each acquisition hour these new detections fall in (after the last chunk), and tells
   * every API process at commit. Answers the hours' starts (ms) and the process id of the session that will tell.
   */
  async bumpHourVersions(client: Queryable, inserted: readonly StoredFire[]): Promise<BumpedHours> {
    if (inserted.length === 0) return { hours: [], processId: null };
    // acqTime is isoTimeSql's text (UTC): its first 13 characters name the hour; each hour once.
    const hours = [...new Set(inserted.map((fire) => `${fire.acqTime.slice(0, 13)}:00:00Z`))];
    const { rows } = await client.query<{ pid: number }>(BUMP_HOUR_VERSIONS, [hours]);
    return { hours: hours.map((hour) => Date.parse(hour)), processId: rows[0]?.pid ?? null };
  }

  /** The detections of the query, newest first, as the JSON text of a FireList, written as the rows arrive. */
  streamJson(query: FireQuery): Readable {
    const [west, south, east, north] = query.bbox ?? [null, null, null, null];
    const values = [west, south, east, north, query.since, query.until ?? null, query.limit, ...fireFilterParams(query.filter, query.fence)];
    return jsonArrayStream<FireTextRow>(this.db, { text: SELECT_FIRE_LIST, values, types: AS_SENT }, fireListElements);
  }

  /** How many detections the selection holds. */
  async count(selection: FireSelection): Promise<number> {
    const [west, south, east, north] = selection.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<{ count: number }>(COUNT_FIRES, [
      west, south, east, north, selection.since, selection.until ?? null, ...fireFilterParams(selection.filter, selection.fence),
    ]);
    return rows[0]?.count ?? 0;
  }

  /** The detection of the selection (its box not read) nearest `near`; null when it holds none. */
  async nearest([longitude, latitude]: [number, number], selection: FireSelection): Promise<NearestFireRow | null> {
    const values = [longitude, latitude, selection.since, selection.until ?? null, ...fireFilterParams(selection.filter, selection.fence)];
    const row = await this.db.transaction(async (client) => {
      await client.query(`SET LOCAL statement_timeout = '${NEAREST_FIRE_TIMEOUT}'`);
      try {
        return (await client.query<NearestFireRow>(NEAREST_FIRE, values)).rows[0];
      } catch (error) {
        if ((error as { code?: unknown }).code === QUERY_CANCELED) throw unavailable('nearest_fire_timeout', `the nearest fire detection was not found within ${NEAREST_FIRE_TIMEOUT}: narrow the window or the filter`);
        throw error;
      }
    });
    return row ? { ...row, distanceKm: Math.round(row.distanceKm * 10) / 10, bearingDeg: Math.round(row.bearingDeg) % 360 } : null;
  }

  /** One Mapbox vector tile of the detections in [since, until) that pass the filter (layer `fires`). */
  async tile(z: number, x: number, y: number, window: TileWindow, maxFeatures: number): Promise<Buffer> {
    const { rows } = await this.tileQuery<{ tile: Buffer }>(z, statementsOf(x).tile, [z, x, y, window.since, window.until ?? null, maxFeatures, ...fireFilterParams(window.filter, window.fence)]);
    return rows[0]?.tile ?? Buffer.alloc(0);
  }

  /**
   * The tile of [since, until) (until absent: no end) under the filter, the data version it was drawn from (see
   * windowVersion) and a bound on its oldest detection's acquisition (ms; null when it holds none): none is older.
   */
  async versionedTile(z: number, x: number, y: number, window: TileWindow, maxFeatures: number): Promise<VersionedTile> {
    return (await this.queryVersionedTile(z, x, y, window, maxFeatures, null)) as VersionedTile;
  }

  /**
   * versionedTile's answer, drawn in the same statement that reads the version a kept tile was drawn from (of the
   * window from `known.since`): null, with nothing drawn, when that version is still `known.version`.
   */
  async versionedTileUnless(z: number, x: number, y: number, window: TileWindow, maxFeatures: number, known: KnownVersion): Promise<VersionedTile | null> {
    return this.queryVersionedTile(z, x, y, window, maxFeatures, known);
  }

  private async queryVersionedTile(z: number, x: number, y: number, window: TileWindow, maxFeatures: number, known: KnownVersion | null): Promise<VersionedTile | null> {
    const { rows } = await this.tileQuery<{ tile: Buffer | null; version: string; gate: string | null; oldest: string | null }>(z, statementsOf(x).versionedTile, [
      z, x, y, window.since, window.until ?? null, maxFeatures, ...fireFilterParams(window.filter, window.fence), known?.since ?? null, known?.version ?? null,
    ]);
    const row = rows[0] as { tile: Buffer | null; version: string; gate: string | null; oldest: string | null };
    if (known && row.gate === known.version) return null;
    return { tile: row.tile ?? Buffer.alloc(0), version: row.version, oldest: secondsAsMs(row.oldest) };
  }

  /**
   * The tile of an open window's edges, [since, closedStart) and [closedEnd, until) (until null: open); the data
   * version of the closed hours [closedStart, closedEnd) between them (whose tile versionedTile draws); and of the
   * whole window, with a bound on its oldest acquisition (ms): no detection of the window is older.
   */
  async edgeTile(z: number, x: number, y: number, window: EdgeWindow, maxFeatures: number): Promise<EdgeTiles & { tile: Buffer }> {
    const { rows } = await this.tileQuery<EdgeRow & { tile: Buffer | null }>(z, statementsOf(x).edgeTile, edgeParams(z, x, y, window, maxFeatures));
    const row = rows[0] as EdgeRow & { tile: Buffer | null };
    return { tile: row.tile ?? Buffer.alloc(0), ...edgeVersions(row) };
  }

  /**
   * edgeTile's versions, with the tile of the whole window, whose first `closedFeatures` features are the closed hours'
   * between the edges (which `version` is of), drawn in one pass; null when the window holds more detections than a
   * tile may.
   */
  async edgeAndClosedTiles(z: number, x: number, y: number, window: EdgeWindow, maxFeatures: number): Promise<(EdgeTiles & { tile: Buffer; closedFeatures: number }) | null> {
    type Row = EdgeRow & { tile: Buffer | null; closed_count: string; overflow: boolean };
    const { rows } = await this.tileQuery<Row>(z, statementsOf(x).edgeAndClosedTiles, edgeParams(z, x, y, window, maxFeatures));
    const row = rows[0] as Row;
    if (row.overflow) return null;
    return { tile: row.tile ?? Buffer.alloc(0), closedFeatures: Number(row.closed_count), ...edgeVersions(row) };
  }

  /** A tile statement of zoom z: prepared at PREPARED_TILE_MIN_ZOOM and deeper, planned for its own tile at lower zooms. */
  private tileQuery<R extends pg.QueryResultRow>(z: number, statement: TileStatement, params: unknown[]): Promise<pg.QueryResult<R>> {
    return z >= PREPARED_TILE_MIN_ZOOM ? this.db.prepared<R>(statement.name, statement.text, params) : this.db.query<R>(statement.text, params);
  }

  /** The current data version of [since, until) (until absent: no end): one indexed read. */
  async windowVersion(since: Date, until?: Date): Promise<string> {
    // Prepared: planned each time, its three parts took longer than running them (0.285 → 0.158 ms p50, pooled).
    const { rows } = await this.db.prepared<{ version: string }>('fire_window_version', WINDOW_VERSION, [since, until ?? null]);
    return (rows[0] as { version: string }).version;
  }

  /** The shape (EWKB) of the geofence of this id; null when none is stored (a filter naming it answers 404). */
  async geofenceShape(id: string): Promise<Buffer | null> {
    const { rows } = await this.db.query<{ shape: Buffer }>(GEOFENCE_SHAPE, [id]);
    return rows[0]?.shape ?? null;
  }
}
