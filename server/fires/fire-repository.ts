// SQL for fire detections: batch insert (duplicates collapsed, existing ones skipped, hour versions bumped),
// bbox queries, vector tiles and the version a tile of closed hours is revalidated against.
import type { Readable } from 'node:stream';
import { pointBboxCondition } from '../db/bbox-sql.js';
import { copyRows, csvField } from '../db/copy-rows.js';
import type { Database, Queryable } from '../db/database.js';
import { isoTimeSql } from '../db/iso-time-sql.js';
import { jsonArrayStream } from '../db/json-array-stream.js';
import type { Bbox } from '../http/query-params.js';
import type { FireDetection } from './fire-detection.js';
import { type FireFilter, fireFilterCondition, fireFilterParams } from './fire-filter.js';
import { mapInSlices } from '../time-sliced.js';
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
const BUMP_HOUR_VERSIONS = `
INSERT INTO fire_hour_versions AS v (hour)
SELECT hour FROM unnest($1::timestamptz[]) AS hour ORDER BY 1
ON CONFLICT (hour) DO UPDATE SET version = v.version + 1`;

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

/** A tile's features (the columns of its MVT layer) of the detections in `bounds` whose acquisition time passes `when`. */
function tileFeatureSelect(when: string, firstFilterParam: number): string {
  return `SELECT ST_AsMVTGeom(ST_Transform(f.geom, 3857), b.tile, 4096, 64, true) AS geom,
         f.satellite, f.confidence, f.frp, f.daynight AS "dayNight",
         extract(epoch FROM f.acq_time)::bigint AS "acqTime"
  FROM fires f, bounds b
  WHERE f.geom && b.box AND ${when} AND ${fireFilterCondition('f', firstFilterParam)}`;
}

const TILE_BOUNDS = 'bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS tile, ST_Transform(ST_TileEnvelope($1, $2, $3), 4326) AS box)';

// $4 since, $5 until (or null), $6 the most features a tile holds, $7–$10 the filter.
const TILE_FEATURES = `
WITH ${TILE_BOUNDS},
features AS (
  ${tileFeatureSelect('f.acq_time >= $4 AND ($5::timestamptz IS NULL OR f.acq_time < $5)', 7)}
  LIMIT $6
)`;

const TILE = `${TILE_FEATURES}
SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile FROM features`;

/**
 * What the detections of [since, until) (until null: no end) are drawn from: the change counters of the hours
 * the window touches, the oldest daily partition (retention drops whole days) and the oldest stray in the default
 * partition (retention deletes those). Any stored change moves it; it never comes back to an old value.
 */
function windowVersion(since: string, until: string): string {
  return `concat_ws('/',
    (SELECT coalesce(sum(version), 0) FROM fire_hour_versions
      WHERE hour >= date_trunc('hour', ${since}::timestamptz, 'UTC') AND (${until}::timestamptz IS NULL OR hour < ${until}::timestamptz)),
    (SELECT min(inhrelid::regclass::text) FROM pg_inherits
      WHERE inhparent = 'fires'::regclass AND inhrelid <> 'fires_default'::regclass),
    (SELECT extract(epoch FROM min(acq_time)) FROM fires_default))`;
}

// Tile and version in one statement: one snapshot, so the version is exactly what the tile was drawn from; with, from
// the same pass over the features, a bound on the oldest one's acquisition (s): a second before the oldest "acqTime",
// which is rounded to the second, so none is older.
const VERSIONED_TILE = `${TILE_FEATURES}
SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile, min("acqTime") - 1 AS oldest,
       ${windowVersion('$4', '$5')} AS version
FROM features`;

const WINDOW_VERSION = `SELECT ${windowVersion('$1', '$2')} AS version`;

const EDGE_FEATURES = `edges AS (
  ${tileFeatureSelect('f.acq_time >= $4 AND f.acq_time < $5', 9)}
  UNION ALL
  ${tileFeatureSelect('f.acq_time >= $6 AND ($7::timestamptz IS NULL OR f.acq_time < $7)', 9)}
  LIMIT $8
),
edge_tile AS (SELECT ST_AsMVT(edges.*, 'fires', 4096, 'geom') AS tile, min("acqTime") - 1 AS oldest FROM edges)`;

// The data version of the closed hours [$5, $6) between the edges; the whole window's, [$4 since, $7 until or open);
// and a bound on the whole window's oldest acquisition (s): the edges' bound, or the start of the closed hours (none
// of theirs is older), whichever is older.
const EDGE_VERSIONS = `${windowVersion('$5', '$6')} AS version, ${windowVersion('$4', '$7')} AS window_version,
       least(edge_tile.oldest, floor(extract(epoch FROM $5::timestamptz))::bigint) AS oldest`;

// The edges of an open window around its closed hours: [$4 since, $5 closed start) and [$6 closed end, $7 until or
// open), each one indexed range (an OR of the two would scan both days whole), at most $8 features, $9–$13 the
// filter; with EDGE_VERSIONS, in the same snapshot.
const EDGE_TILE = `
WITH ${TILE_BOUNDS},
${EDGE_FEATURES}
SELECT edge_tile.tile, ${EDGE_VERSIONS} FROM edge_tile`;

// The first request of an hour: the edges and the closed hours [$5, $6) between them, in one statement and snapshot.
const EDGE_AND_CLOSED_TILES = `
WITH ${TILE_BOUNDS},
${EDGE_FEATURES},
closed AS (
  ${tileFeatureSelect('f.acq_time >= $5 AND f.acq_time < $6', 9)}
  LIMIT $8
)
SELECT edge_tile.tile AS edges, (SELECT ST_AsMVT(closed.*, 'fires', 4096, 'geom') FROM closed) AS closed, ${EDGE_VERSIONS}
FROM edge_tile`;

/** An open window around its closed hours [closedStart, closedEnd): the edges are [since, closedStart) and [closedEnd, until). */
interface EdgeWindow {
  since: Date;
  closedStart: Date;
  closedEnd: Date;
  until?: Date;
  filter: FireFilter;
  fence: Buffer | null;
}

/** What the edges' statements answer besides their tiles. */
export interface EdgeTiles {
  /** The data version of the closed hours between the edges. */
  version: string;
  /** The data version of the whole window. */
  windowVersion: string;
  /** No detection of the whole window was acquired before this (ms). */
  oldest: number;
}

interface EdgeRow {
  version: string;
  window_version: string;
  oldest: string;
}

function edgeVersions(row: EdgeRow): EdgeTiles {
  return { version: row.version, windowVersion: row.window_version, oldest: Number(row.oldest) * 1000 };
}

/** A bigint of seconds as PostgreSQL sends it (text), in ms. */
function secondsAsMs(seconds: string | null): number | null {
  return seconds === null ? null : Number(seconds) * 1000;
}

/** $1–$13 of EDGE_TILE and EDGE_AND_CLOSED_TILES. */
function edgeParams(z: number, x: number, y: number, window: EdgeWindow, maxFeatures: number): unknown[] {
  return [z, x, y, window.since, window.closedStart, window.closedEnd, window.until ?? null, maxFeatures, ...fireFilterParams(window.filter, window.fence)];
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
   * every API process at commit. Answers the hours' starts (ms).
   */
  async bumpHourVersions(client: Queryable, inserted: readonly StoredFire[]): Promise<number[]> {
    if (inserted.length === 0) return [];
    // acqTime is isoTimeSql's text (UTC): its first 13 characters name the hour; each hour once.
    const hours = [...new Set(inserted.map((fire) => `${fire.acqTime.slice(0, 13)}:00:00Z`))];
    await client.query(BUMP_HOUR_VERSIONS, [hours]);
    return hours.map((hour) => Date.parse(hour));
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

  /** One Mapbox vector tile of the detections in [since, until) that pass the filter (layer `fires`). */
  async tile(z: number, x: number, y: number, window: { since: Date; until?: Date; filter: FireFilter; fence: Buffer | null }, maxFeatures: number): Promise<Buffer> {
    const { rows } = await this.db.query<{ tile: Buffer }>(TILE, [z, x, y, window.since, window.until ?? null, maxFeatures, ...fireFilterParams(window.filter, window.fence)]);
    return rows[0]?.tile ?? Buffer.alloc(0);
  }

  /**
   * The tile of [since, until) (until absent: no end) under the filter, the data version it was drawn from (see
   * windowVersion) and a bound on its oldest detection's acquisition (ms; null when it holds none): none is older.
   */
  async versionedTile(
    z: number,
    x: number,
    y: number,
    window: { since: Date; until?: Date; filter: FireFilter; fence: Buffer | null },
    maxFeatures: number,
  ): Promise<{ tile: Buffer; version: string; oldest: number | null }> {
    const { rows } = await this.db.query<{ tile: Buffer | null; version: string; oldest: string | null }>(VERSIONED_TILE, [
      z, x, y, window.since, window.until ?? null, maxFeatures, ...fireFilterParams(window.filter, window.fence),
    ]);
    const row = rows[0] as { tile: Buffer | null; version: string; oldest: string | null };
    return { tile: row.tile ?? Buffer.alloc(0), version: row.version, oldest: secondsAsMs(row.oldest) };
  }

  /**
   * The tile of an open window's edges, [since, closedStart) and [closedEnd, until) (until null: open); the data
   * version of the closed hours [closedStart, closedEnd) between them (whose tile versionedTile draws); and of the
   * whole window, with a bound on its oldest acquisition (ms): no detection of the window is older.
   */
  async edgeTile(z: number, x: number, y: number, window: EdgeWindow, maxFeatures: number): Promise<EdgeTiles & { tile: Buffer }> {
    const { rows } = await this.db.query<EdgeRow & { tile: Buffer | null }>(EDGE_TILE, edgeParams(z, x, y, window, maxFeatures));
    const row = rows[0] as EdgeRow & { tile: Buffer | null };
    return { tile: row.tile ?? Buffer.alloc(0), ...edgeVersions(row) };
  }

  /** edgeTile's answer, and the tile of the closed hours between the edges (which its `version` is of). */
  async edgeAndClosedTiles(z: number, x: number, y: number, window: EdgeWindow, maxFeatures: number): Promise<EdgeTiles & { edges: Buffer; closed: Buffer }> {
    const { rows } = await this.db.query<EdgeRow & { edges: Buffer | null; closed: Buffer | null }>(EDGE_AND_CLOSED_TILES, edgeParams(z, x, y, window, maxFeatures));
    const row = rows[0] as EdgeRow & { edges: Buffer | null; closed: Buffer | null };
    return { edges: row.edges ?? Buffer.alloc(0), closed: row.closed ?? Buffer.alloc(0), ...edgeVersions(row) };
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
