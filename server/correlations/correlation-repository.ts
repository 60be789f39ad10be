// SQL for the 20-mile pairing of firefighting aircraft with fires and incidents (ST_DWithin on geography).
import type { Database } from '../db/database.js';

/** 20 statute miles in metres. */
export const CORRELATION_RADIUS_M = 32_186.9;

const REFRESH = `
WITH live_aircraft AS (
  SELECT icao24, geom FROM aircraft WHERE firefighting AND seen_at >= $1
), pairs AS (
  SELECT a.icao24, 'fire'::text AS target_type,
         f.satellite || '/' || to_char(f.acq_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') || '/' || f.latitude || ',' || f.longitude AS target_id,
         ST_Distance(a.geom::geography, f.geom::geography) AS distance_m
  FROM live_aircraft a
  JOIN fires f ON ST_DWithin(f.geom::geography, a.geom::geography, $3) AND f.acq_time >= $2
  UNION ALL
  SELECT a.icao24, 'incident', i.irwin_id, ST_Distance(a.geom::geography, i.geom::geography)
  FROM live_aircraft a
  JOIN current_incidents i ON ST_DWithin(i.geom::geography, a.geom::geography, $3)
)
INSERT INTO correlations AS c (icao24, target_type, target_id, distance_m)
SELECT icao24, target_type, target_id, distance_m FROM pairs
ON CONFLICT (icao24, target_type, target_id) DO UPDATE SET distance_m = EXCLUDED.distance_m, last_seen_at = now()
RETURNING icao24, target_type, target_id, distance_m, (xmax = 0) AS inserted`;

const LIST = `
SELECT c.icao24, c.target_type, c.target_id, c.distance_m, c.first_seen_at, c.last_seen_at,
       a.callsign, a.type_code, a.firefighting_reason, ST_Y(a.geom) AS aircraft_latitude, ST_X(a.geom) AS aircraft_longitude,
       i.name AS incident_name, ST_Y(i.geom) AS incident_latitude, ST_X(i.geom) AS incident_longitude
FROM correlations c
JOIN aircraft a USING (icao24)
LEFT JOIN incidents i ON c.target_type = 'incident' AND i.irwin_id = c.target_id
WHERE c.last_seen_at >= $1
ORDER BY c.last_seen_at DESC, c.distance_m
LIMIT $2`;

export interface CorrelationPair {
  icao24: string;
  targetType: 'fire' | 'incident';
  targetId: string;
  distanceM: number;
}

export interface CorrelationRow extends CorrelationPair {
  distanceMiles: number;
  firstSeenAt: string;
  lastSeenAt: string;
  callsign: string | null;
  typeCode: string | null;
  reason: string | null;
  aircraftLatitude: number;
  aircraftLongitude: number;
  incidentName: string | null;
  /** Where the paired incident is (null for fires, whose id carries their place): a playback minute draws the line without the incidents layer. */
  incidentLatitude: number | null;
  incidentLongitude: number | null;
}

export class CorrelationRepository {
  constructor(private readonly db: Database) {}

  /** Records every pair within the radius; answers the pairs seen for the first time. */
  async refresh(aircraftSeenSince: Date, firesSince: Date): Promise<{ pairs: number; fresh: CorrelationPair[] }> {
    const { rows } = await this.db.query<{ icao24: string; target_type: 'fire' | 'incident'; target_id: string; distance_m: number; inserted: boolean }>(
      REFRESH,
      [aircraftSeenSince, firesSince, CORRELATION_RADIUS_M],
    );
    return {
      pairs: rows.length,
      fresh: rows.filter((row) => row.inserted).map((row) => ({ icao24: row.icao24, targetType: row.target_type, targetId: row.target_id, distanceM: row.distance_m })),
    };
  }

  async list(since: Date, limit: number): Promise<CorrelationRow[]> {
    const { rows } = await this.db.query<{
      icao24: string;
      target_type: 'fire' | 'incident';
      target_id: string;
      distance_m: number;
      first_seen_at: Date;
      last_seen_at: Date;
      callsign: string | null;
      type_code: string | null;
      firefighting_reason: string | null;
      aircraft_latitude: number;
      aircraft_longitude: number;
      incident_name: string | null;
      incident_latitude: number | null;
      incident_longitude: number | null;
    }>(LIST, [since, limit]);
    return rows.map((row) => ({
      icao24: row.icao24,
      targetType: row.target_type,
      targetId: row.target_id,
      distanceM: Math.round(row.distance_m * 10) / 10,
      distanceMiles: Math.round((row.distance_m / 1609.344) * 100) / 100,
      firstSeenAt: row.first_seen_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      callsign: row.callsign,
      typeCode: row.type_code,
      reason: row.firefighting_reason,
      aircraftLatitude: row.aircraft_latitude,
      aircraftLongitude: row.aircraft_longitude,
      incidentName: row.incident_name,
      incidentLatitude: row.incident_latitude,
      incidentLongitude: row.incident_longitude,
    }));
  }
}
