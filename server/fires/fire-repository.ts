// SQL for fire detections: batch insert (duplicates collapsed, existing ones skipped), bbox queries, vector tiles.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database, Queryable } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import type { FireDetection } from './fire-detection.js';

// Rows go into a transaction-scoped staging table by COPY, then into fires in one statement.
// ON CONFLICT DO NOTHING skips rows already stored and, taken in batch order, the later
// repeats of a row inside the batch: the first occurrence wins.
const CREATE_STAGING = `
CREATE TEMP TABLE fires_staging (
  ord int, latitude float8, longitude float8, acq_time timestamptz, satellite text, instrument text,
  confidence text, frp real, brightness real, brightness_t31 real, scan real, track real, version text, daynight text
) ON COMMIT DROP`;

const COPY_STAGING = `COPY fires_staging FROM STDIN WITH (FORMAT csv)`;

const INSERT_FROM_STAGING = `
INSERT INTO fires (latitude, longitude, acq_time, satellite, instrument, confidence, frp, brightness,
                   brightness_t31, scan, track, version, daynight, geom)
SELECT latitude, longitude, acq_time, satellite, instrument, confidence, frp, brightness,
       brightness_t31, scan, track, version, daynight, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
FROM fires_staging
ORDER BY ord
ON CONFLICT DO NOTHING
RETURNING latitude, longitude, to_char(acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "acqTime", satellite,
          instrument, confidence, frp, brightness, daynight AS "dayNight"`;

/** One CSV field: empty for null, quoted text otherwise (csv format, so quotes double). */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return `"${value.replace(/"/g, '""')}"`;
}

function stagingCsv(detections: readonly FireDetection[]): string {
  return detections
    .map((d, ord) =>
      [ord, d.latitude, d.longitude, d.acqTime, csvField(d.satellite), csvField(d.instrument), csvField(d.confidence), csvField(d.frp),
        csvField(d.brightness), csvField(d.brightnessT31), csvField(d.scan), csvField(d.track), csvField(d.version), csvField(d.daynight)].join(','),
    )
    .join('\n');
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

export interface FireQuery {
  bbox?: Bbox;
  since: Date;
  until?: Date;
  limit: number;
}

export interface FireRow {
  latitude: number;
  longitude: number;
  acqTime: string;
  satellite: string;
  confidence: string | null;
  frp: number | null;
  dayNight: string | null;
  instrument: string | null;
}

const SELECT_FIRES = `
SELECT latitude, longitude, to_char(acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "acqTime",
       satellite, confidence, frp, daynight AS "dayNight", instrument
FROM fires
WHERE acq_time >= $5 AND ($6::timestamptz IS NULL OR acq_time < $6)
  AND ${bboxCondition('geom', 1)}
ORDER BY acq_time DESC
LIMIT $7`;

const TILE = `
WITH bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS tile),
features AS (
  SELECT ST_AsMVTGeom(ST_Transform(f.geom, 3857), b.tile, 4096, 64, true) AS geom,
         f.satellite, f.confidence, f.frp, f.daynight AS "dayNight",
         extract(epoch FROM f.acq_time)::bigint AS "acqTime"
  FROM fires f, bounds b
  WHERE f.geom && ST_Transform(b.tile, 4326) AND f.acq_time >= $4
  LIMIT $5
)
SELECT ST_AsMVT(features.*, 'fires', 4096, 'geom') AS tile FROM features`;

export class FireRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the new detections of a batch (inside the caller's transaction); answers them. */
  async insertBatch(client: Queryable, detections: readonly FireDetection[]): Promise<StoredFire[]> {
    if (detections.length === 0) return [];
    await client.query(CREATE_STAGING);
    await pipeline(Readable.from([stagingCsv(detections)]), client.query(copyFrom(COPY_STAGING)));
    return (await client.query<StoredFire>(INSERT_FROM_STAGING)).rows;
  }

  async find(query: FireQuery): Promise<FireRow[]> {
    const [west, south, east, north] = query.bbox ?? [null, null, null, null];
    // acqTime comes formatted by PostgreSQL: no Date round trip for thousands of rows.
    const { rows } = await this.db.query<FireRow>(SELECT_FIRES, [
      west,
      south,
      east,
      north,
      query.since,
      query.until ?? null,
      query.limit,
    ]);
    return rows;
  }

  /** One Mapbox vector tile of the detections since `since` (layer `fires`). */
  async tile(z: number, x: number, y: number, since: Date, maxFeatures: number): Promise<Buffer> {
    const { rows } = await this.db.query<{ tile: Buffer }>(TILE, [z, x, y, since, maxFeatures]);
    return rows[0]?.tile ?? Buffer.alloc(0);
  }
}
