// SQL for last-known aircraft positions.
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import type { AircraftPosition } from './adsb-feed.js';
import { mapInSlices, stringifyInSlices } from './time-sliced.js';

/** An aircraft whose report neither moved nor changed still gets a track point this often (seconds). */
export const STILL_POSITION_EVERY_SECONDS = 60;

export interface IdentifiedPosition extends AircraftPosition {
  firefighting: boolean;
  firefightingReason: string | null;
  source: string;
}

// A position older than the one stored (a late report) never overwrites it. The poller merged the report with
// what was stored (callsign of the same flight, airframe facts) and identified the aircraft on the merged facts,
// so the row takes the report as it is; airframe facts stay when a report lacks them.
// In the same statement (one snapshot: `stored` is the row before this upsert), the report joins the aircraft's
// track when it is new: no stored row, or a later time with a moved position (or a minute after the stored one, so
// an aircraft standing still is still found by playback). The same position/time again is not written twice.
const UPSERT = `
WITH input AS (
  SELECT icao24, callsign, registration, type_code, operator, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326) AS geom,
         altitude_ft, on_ground, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source
  FROM jsonb_to_recordset($1::jsonb) AS x(icao24 text, callsign text, registration text, type_code text, operator text,
    longitude float8, latitude float8, altitude_ft int, on_ground boolean, ground_speed_kt real, track_deg real,
    seen_at timestamptz, firefighting boolean, firefighting_reason text, source text)
), track AS (
  INSERT INTO aircraft_positions (icao24, seen_at, geom, altitude_ft, ground_speed_kt, track_deg, on_ground)
  SELECT i.icao24, i.seen_at, i.geom, i.altitude_ft, i.ground_speed_kt, i.track_deg, i.on_ground
  FROM input i
  LEFT JOIN aircraft stored ON stored.icao24 = i.icao24
  WHERE stored.icao24 IS NULL
     OR (i.seen_at > stored.seen_at
         AND (NOT ST_Equals(i.geom, stored.geom)
              OR i.altitude_ft IS DISTINCT FROM stored.altitude_ft
              OR i.on_ground IS DISTINCT FROM stored.on_ground
              OR i.seen_at >= stored.seen_at + interval '${STILL_POSITION_EVERY_SECONDS} seconds'))
  RETURNING 1
), upserted AS (
  INSERT INTO aircraft (icao24, callsign, registration, type_code, operator, geom, altitude_ft, on_ground,
                        ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source)
  SELECT icao24, callsign, registration, type_code, operator, geom,
         altitude_ft, on_ground, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source
  FROM input
  ON CONFLICT (icao24) DO UPDATE SET
    callsign = EXCLUDED.callsign,
    registration = coalesce(EXCLUDED.registration, aircraft.registration),
    type_code = coalesce(EXCLUDED.type_code, aircraft.type_code),
    operator = coalesce(EXCLUDED.operator, aircraft.operator),
    geom = EXCLUDED.geom, altitude_ft = EXCLUDED.altitude_ft, on_ground = EXCLUDED.on_ground,
    ground_speed_kt = EXCLUDED.ground_speed_kt, track_deg = EXCLUDED.track_deg, seen_at = EXCLUDED.seen_at,
    firefighting = EXCLUDED.firefighting,
    firefighting_reason = EXCLUDED.firefighting_reason,
    source = EXCLUDED.source
  WHERE EXCLUDED.seen_at > aircraft.seen_at
  RETURNING 1
)
SELECT (SELECT count(*) FROM upserted)::int AS stored, (SELECT count(*) FROM track)::int AS positions`;

const KNOWN = `
SELECT icao24, callsign, registration, type_code, operator, seen_at
FROM aircraft
WHERE icao24 = ANY($1::text[])`;

/** What is stored about an aircraft that a new report may lack. */
export interface KnownAircraft {
  callsign: string | null;
  registration: string | null;
  typeCode: string | null;
  operator: string | null;
  seenAt: Date;
}

const SELECT = `
SELECT icao24, callsign, registration, type_code, operator, ST_Y(geom) AS latitude, ST_X(geom) AS longitude,
       altitude_ft, on_ground, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason
FROM aircraft
WHERE seen_at >= $5
  AND ${bboxCondition('geom', 1)}
  AND (NOT $6::boolean OR firefighting)
  AND ($8::bytea IS NULL OR ST_Intersects(geom, ST_GeomFromEWKB($8::bytea)))
ORDER BY seen_at DESC
LIMIT $7`;

export interface AircraftRow extends AircraftPosition {
  firefighting: boolean;
  firefightingReason: string | null;
}

export class AircraftRepository {
  constructor(private readonly db: Database) {}

  /** The stored facts of these aircraft, by address. */
  async known(icao24s: readonly string[]): Promise<Map<string, KnownAircraft>> {
    if (icao24s.length === 0) return new Map();
    const { rows } = await this.db.query<{
      icao24: string;
      callsign: string | null;
      registration: string | null;
      type_code: string | null;
      operator: string | null;
      seen_at: Date;
    }>(KNOWN, [icao24s]);
    return new Map(
      rows.map((row) => [
        row.icao24,
        { callsign: row.callsign, registration: row.registration, typeCode: row.type_code, operator: row.operator, seenAt: row.seen_at },
      ]),
    );
  }

  /** Stores the newest report of each aircraft and adds the new ones to the track; answers the counts of both. */
  async upsert(positions: readonly IdentifiedPosition[]): Promise<{ stored: number; positions: number }> {
    if (positions.length === 0) return { stored: 0, positions: 0 };
    const input = await mapInSlices(newestPerAircraft(positions), (p) => ({
      icao24: p.icao24,
      callsign: p.callsign,
      registration: p.registration,
      type_code: p.typeCode,
      operator: p.operator,
      longitude: p.longitude,
      latitude: p.latitude,
      altitude_ft: p.altitudeFt,
      on_ground: p.onGround,
      ground_speed_kt: p.groundSpeedKt,
      track_deg: p.trackDeg,
      seen_at: p.seenAt,
      firefighting: p.firefighting,
      firefighting_reason: p.firefightingReason,
      source: p.source,
    }));
    const { rows } = await this.db.query<{ stored: number; positions: number }>(UPSERT, [await stringifyInSlices(input)]);
    return { stored: rows[0]?.stored ?? 0, positions: rows[0]?.positions ?? 0 };
  }

  async find(filter: { bbox?: Bbox; seenSince: Date; firefightingOnly: boolean; limit: number; fence?: Buffer | null }): Promise<AircraftRow[]> {
    const [west, south, east, north] = filter.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<{
      icao24: string;
      callsign: string | null;
      registration: string | null;
      type_code: string | null;
      operator: string | null;
      latitude: number;
      longitude: number;
      altitude_ft: number | null;
      on_ground: boolean;
      ground_speed_kt: number | null;
      track_deg: number | null;
      seen_at: Date;
      firefighting: boolean;
      firefighting_reason: string | null;
    }>(SELECT, [west, south, east, north, filter.seenSince, filter.firefightingOnly, filter.limit, filter.fence ?? null]);
    return rows.map((row) => ({
      icao24: row.icao24,
      callsign: row.callsign,
      registration: row.registration,
      typeCode: row.type_code,
      operator: row.operator,
      latitude: row.latitude,
      longitude: row.longitude,
      altitudeFt: row.altitude_ft,
      onGround: row.on_ground,
      groundSpeedKt: row.ground_speed_kt,
      trackDeg: row.track_deg,
      seenAt: row.seen_at.toISOString(),
      firefighting: row.firefighting,
      firefightingReason: row.firefighting_reason,
    }));
  }
}

/** One report per aircraft: the newest wins (ties: the first in the answer). */
export function newestPerAircraft<T extends { icao24: string; seenAt: string }>(positions: readonly T[]): T[] {
  const newest = new Map<string, T>();
  for (const position of positions) {
    const seen = newest.get(position.icao24);
    if (!seen || seen.seenAt < position.seenAt) newest.set(position.icao24, position);
  }
  return [...newest.values()];
}
