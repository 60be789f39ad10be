// SQL for cameras linked to a fire or an incident: placed cameras within 20 statute miles of its position,
// nearest first (ST_DWithin on geography, served by cameras_geog_idx) — the same radius as the aircraft pairing.
import type { Database } from '../db/database.js';
import { CORRELATION_RADIUS_M } from './correlation-repository.js';

export interface LinkedCamera {
  id: number;
  title: string | null;
  city: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
  distanceM: number;
}

const NEAR = `
WITH target AS (SELECT ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography AS at)
SELECT c.id, c.title, c.city, c.country, ST_Y(c.geom) AS latitude, ST_X(c.geom) AS longitude,
       ST_Distance(c.geom::geography, target.at) AS distance_m
FROM target
JOIN cameras c ON ST_DWithin(c.geom::geography, target.at, $3)
WHERE c.place_status = 'placed'
ORDER BY distance_m, c.id
LIMIT $4`;

export class CameraLinkRepository {
  constructor(private readonly db: Database) {}

  async near(latitude: number, longitude: number, limit: number, radiusM = CORRELATION_RADIUS_M): Promise<{ cameras: LinkedCamera[]; total: number }> {
    const [{ rows }, counted] = await Promise.all([
      this.db.query<{ id: string; title: string | null; city: string | null; country: string | null; latitude: number; longitude: number; distance_m: number }>(
        NEAR,
        [latitude, longitude, radiusM, limit],
      ),
      this.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cameras c
         WHERE ST_DWithin(c.geom::geography, ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography, $3) AND c.place_status = 'placed'`,
        [latitude, longitude, radiusM],
      ),
    ]);
    return {
      total: counted.rows[0]?.n ?? 0,
      cameras: rows.map((row) => ({
        id: Number(row.id),
        title: row.title,
        city: row.city,
        country: row.country,
        latitude: row.latitude,
        longitude: row.longitude,
        distanceM: row.distance_m,
      })),
    };
  }
}
