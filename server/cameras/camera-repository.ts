// SQL for cameras: upsert by url_hash, positions from the directory or the geocoder, bbox queries, counts.
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';

export interface CameraInput {
  urlHash: string;
  /** Credentials already stripped. */
  url: string;
  title: string | null;
  city: string | null;
  country: string | null;
  source: string;
  /** The directory's own position for the camera (official lists): placed as it is, never geocoded. */
  latitude?: number | null;
  longitude?: number | null;
}

export interface Camera {
  id: number;
  url: string;
  title: string | null;
  city: string | null;
  country: string | null;
  source: string;
  latitude: number | null;
  longitude: number | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface UnplacedCamera {
  id: number;
  city: string | null;
  country: string | null;
}

const UPSERT = `
INSERT INTO cameras AS c (url_hash, url, title, city, country, source, geom, place_status)
SELECT url_hash, url, title, city, country, source,
       CASE WHEN latitude IS NOT NULL THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326) END,
       CASE WHEN latitude IS NOT NULL THEN 'placed' ELSE 'pending' END
FROM jsonb_to_recordset($1::jsonb)
  AS x(url_hash text, url text, title text, city text, country text, source text, latitude double precision, longitude double precision)
ON CONFLICT (url_hash) DO UPDATE SET
  url = EXCLUDED.url,
  title = COALESCE(EXCLUDED.title, c.title),
  source = EXCLUDED.source,
  last_seen_at = now(),
  city = COALESCE(EXCLUDED.city, c.city),
  country = COALESCE(EXCLUDED.country, c.country),
  -- A position the directory gives wins; otherwise a new place sends the camera back to the geocoder.
  geom = CASE WHEN EXCLUDED.geom IS NOT NULL THEN EXCLUDED.geom ELSE c.geom END,
  place_status = CASE
    WHEN EXCLUDED.geom IS NOT NULL THEN 'placed'
    WHEN (COALESCE(EXCLUDED.city, c.city), COALESCE(EXCLUDED.country, c.country)) IS DISTINCT FROM (c.city, c.country)
    THEN 'pending' ELSE c.place_status END
RETURNING (xmax = 0) AS inserted`;

const SELECT_COLUMNS = `id, url, title, city, country, source, ST_Y(geom) AS latitude, ST_X(geom) AS longitude, first_seen_at, last_seen_at`;

interface CameraRow {
  id: string;
  url: string;
  title: string | null;
  city: string | null;
  country: string | null;
  source: string;
  latitude: number | null;
  longitude: number | null;
  first_seen_at: Date;
  last_seen_at: Date;
}

function toCamera(row: CameraRow): Camera {
  return {
    id: Number(row.id),
    url: row.url,
    title: row.title,
    city: row.city,
    country: row.country,
    source: row.source,
    latitude: row.latitude,
    longitude: row.longitude,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

export class CameraRepository {
  constructor(private readonly db: Database) {}

  /** Answers how many cameras were new and how many were seen again. */
  async upsert(cameras: readonly CameraInput[]): Promise<{ inserted: number; seenAgain: number }> {
    if (cameras.length === 0) return { inserted: 0, seenAgain: 0 };
    const unique = [...new Map(cameras.map((camera) => [camera.urlHash, camera])).values()];
    const input = unique.map((camera) => ({
      url_hash: camera.urlHash,
      url: camera.url,
      title: camera.title,
      city: camera.city,
      country: camera.country,
      source: camera.source,
      latitude: camera.latitude ?? null,
      longitude: camera.longitude ?? null,
    }));
    const { rows } = await this.db.query<{ inserted: boolean }>(UPSERT, [JSON.stringify(input)]);
    const inserted = rows.filter((row) => row.inserted).length;
    return { inserted, seenAgain: rows.length - inserted };
  }

  async pendingPlaces(limit: number): Promise<UnplacedCamera[]> {
    const { rows } = await this.db.query<{ id: string; city: string | null; country: string | null }>(
      `SELECT id, city, country FROM cameras WHERE place_status = 'pending' ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ id: Number(row.id), city: row.city, country: row.country }));
  }

  async place(id: number, position: { latitude: number; longitude: number } | null): Promise<void> {
    await this.db.query(
      position
        ? `UPDATE cameras SET geom = ST_SetSRID(ST_MakePoint($3, $2), 4326), place_status = 'placed' WHERE id = $1`
        : `UPDATE cameras SET geom = NULL, place_status = 'unplaceable' WHERE id = $1`,
      position ? [id, position.latitude, position.longitude] : [id],
    );
  }

  /** Placed cameras not yet announced on the bus, oldest first. */
  async unpublished(limit: number): Promise<Array<Camera & { urlHash: string; latitude: number; longitude: number }>> {
    const { rows } = await this.db.query<CameraRow & { url_hash: string; latitude: number; longitude: number }>(
      `SELECT url_hash, ${SELECT_COLUMNS} FROM cameras WHERE place_status = 'placed' AND published_at IS NULL ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ ...toCamera(row), urlHash: row.url_hash, latitude: row.latitude, longitude: row.longitude }));
  }

  async markPublished(ids: readonly number[]): Promise<void> {
    if (ids.length) await this.db.query('UPDATE cameras SET published_at = now() WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Placed cameras in the box (the map never shows unplaced ones), newest sighting first. */
  async find(bbox: Bbox | undefined, limit: number): Promise<Camera[]> {
    const [west, south, east, north] = bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<CameraRow>(
      `SELECT ${SELECT_COLUMNS} FROM cameras WHERE geom IS NOT NULL AND ${bboxCondition('geom', 1)} ORDER BY last_seen_at DESC, id LIMIT $5`,
      [west, south, east, north, limit],
    );
    return rows.map(toCamera);
  }

  /** Whether any camera is placed at all (stops at the first: no sort of them all). */
  async anyPlaced(): Promise<boolean> {
    const { rows } = await this.db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM cameras WHERE geom IS NOT NULL) AS any');
    return rows[0]?.any === true;
  }

  /** Where a camera's image comes from, and the hash its cached images are filed under. */
  async snapshotSource(id: number): Promise<{ url: string; urlHash: string } | null> {
    const { rows } = await this.db.query<{ url: string; url_hash: string }>('SELECT url, url_hash FROM cameras WHERE id = $1', [id]);
    return rows[0] ? { url: rows[0].url, urlHash: rows[0].url_hash } : null;
  }

  /** Placed cameras listed by each of these directory addresses. */
  async placedBySource(sources: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ source: string; n: number }>(
      `SELECT source, count(*)::int AS n FROM cameras WHERE source = ANY($1::text[]) AND place_status = 'placed' GROUP BY source`,
      [sources],
    );
    return new Map(rows.map((row) => [row.source, row.n]));
  }

  async counts(): Promise<{ total: number; placed: number; unplaced: number; pending: number }> {
    const { rows } = await this.db.query<{ total: number; placed: number; unplaceable: number; pending: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE place_status = 'placed')::int AS placed,
              count(*) FILTER (WHERE place_status = 'unplaceable')::int AS unplaceable,
              count(*) FILTER (WHERE place_status = 'pending')::int AS pending
       FROM cameras`,
    );
    const row = rows[0] ?? { total: 0, placed: 0, unplaceable: 0, pending: 0 };
    return { total: row.total, placed: row.placed, unplaced: row.unplaceable, pending: row.pending };
  }
}
