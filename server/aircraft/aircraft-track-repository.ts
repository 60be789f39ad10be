// SQL for the aircraft track table (aircraft_positions): trails as simplified lines, and where each aircraft was at
// a past minute (playback).
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import { type AircraftColumns, type AircraftRow, aircraftRowOf } from './aircraft-repository.js';

// The positions of the window, thinned to at most $8 per aircraft (every step-th in time, the last always kept),
// joined in time order and simplified (PostGIS, tolerance $9 degrees; a line never collapses below two points).
// Only aircraft with a position inside the bbox have a trail; a trail needs two positions.
const TRAILS = `
WITH window_positions AS (
  SELECT icao24, seen_at, geom,
         row_number() OVER (PARTITION BY icao24 ORDER BY seen_at) AS rn,
         count(*) OVER (PARTITION BY icao24) AS n
  FROM aircraft_positions
  WHERE seen_at > $5 AND seen_at <= $6
    AND icao24 IN (SELECT DISTINCT icao24 FROM aircraft_positions
                   WHERE seen_at > $5 AND seen_at <= $6 AND ${bboxCondition('geom', 1)})
), thinned AS (
  SELECT icao24, seen_at, geom FROM window_positions
  WHERE n <= $8 OR rn = n OR (rn - 1) % ceil(n::numeric / ($8 - 1))::int = 0
), lines AS (
  SELECT icao24, ST_MakeLine(geom ORDER BY seen_at) AS line, min(seen_at) AS since, max(seen_at) AS until, count(*) AS kept
  FROM thinned GROUP BY icao24 HAVING count(*) >= 2
)
SELECT l.icao24, a.callsign, coalesce(a.firefighting, false) AS firefighting, l.since, l.until,
       ST_AsGeoJSON(ST_Simplify(l.line, $9, true), 6)::json AS geometry
FROM lines l
LEFT JOIN aircraft a USING (icao24)
ORDER BY l.until DESC
LIMIT $7`;

/**
 * The latest kept position of each aircraft at or before the instant $5 and after $6 (the max age before it), as a
 * `latest` CTE: the playback minute's aircraft, read here and by the export (export-repository.ts).
 */
export const LATEST_POSITIONS_AT = `latest AS (
  SELECT DISTINCT ON (icao24) icao24, seen_at, geom, altitude_ft, ground_speed_kt, track_deg, on_ground
  FROM aircraft_positions
  WHERE seen_at <= $5 AND seen_at > $6
  ORDER BY icao24, seen_at DESC
)`;

// The latest position of each aircraft at or before the instant, no older than the max age; then the bbox. The
// airframe facts (callsign, type) are the aircraft's current ones.
const AT = `
WITH ${LATEST_POSITIONS_AT}
SELECT l.icao24, a.callsign, a.registration, a.type_code, a.operator, ST_Y(l.geom) AS latitude, ST_X(l.geom) AS longitude,
       l.altitude_ft, l.on_ground, l.ground_speed_kt, l.track_deg, l.seen_at, coalesce(a.firefighting, false) AS firefighting,
       a.firefighting_reason
FROM latest l
LEFT JOIN aircraft a USING (icao24)
WHERE ${bboxCondition('l.geom', 1)}
  AND (NOT $7::boolean OR a.firefighting)
  AND ($9::bytea IS NULL OR ST_Intersects(l.geom, ST_GeomFromEWKB($9::bytea)))
ORDER BY l.seen_at DESC
LIMIT $8`;

export interface TrailRow {
  icao24: string;
  callsign: string | null;
  firefighting: boolean;
  since: string;
  until: string;
  geometry: { type: 'LineString'; coordinates: number[][] };
}

export class AircraftTrackRepository {
  constructor(private readonly db: Database) {}

  async trails(filter: { bbox?: Bbox; from: Date; until: Date; maxPoints: number; toleranceDeg: number; limit: number }): Promise<TrailRow[]> {
    const [west, south, east, north] = filter.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<{
      icao24: string;
      callsign: string | null;
      firefighting: boolean;
      since: Date;
      until: Date;
      geometry: { type: 'LineString'; coordinates: number[][] };
    }>(TRAILS, [west, south, east, north, filter.from, filter.until, filter.limit, filter.maxPoints, filter.toleranceDeg]);
    return rows.map((row) => ({
      icao24: row.icao24,
      callsign: row.callsign,
      firefighting: row.firefighting,
      since: row.since.toISOString(),
      until: row.until.toISOString(),
      geometry: row.geometry,
    }));
  }

  /** The oldest and newest positions kept: playback has aircraft to show only between them. */
  async recordedSpan(): Promise<{ from: Date | null; to: Date | null }> {
    const { rows } = await this.db.query<{ from: Date | null; to: Date | null }>('SELECT min(seen_at) AS "from", max(seen_at) AS "to" FROM aircraft_positions');
    return rows[0] ?? { from: null, to: null };
  }

  /** The last position kept up to an instant and the first after it, of any aircraft (two index probes). */
  async nearest(at: Date): Promise<{ before: Date | null; after: Date | null }> {
    const { rows } = await this.db.query<{ before: Date | null; after: Date | null }>(
      `SELECT (SELECT max(seen_at) FROM aircraft_positions WHERE seen_at <= $1) AS before,
              (SELECT min(seen_at) FROM aircraft_positions WHERE seen_at > $1) AS after`,
      [at],
    );
    return rows[0] ?? { before: null, after: null };
  }

  async at(filter: { bbox?: Bbox; at: Date; seenSince: Date; firefightingOnly: boolean; limit: number; fence?: Buffer | null }): Promise<AircraftRow[]> {
    const [west, south, east, north] = filter.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<AircraftColumns>(AT, [west, south, east, north, filter.at, filter.seenSince, filter.firefightingOnly, filter.limit, filter.fence ?? null]);
    return rows.map(aircraftRowOf);
  }
}
