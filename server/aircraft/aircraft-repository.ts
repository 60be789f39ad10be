// SQL for last-known aircraft positions.
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import { batchesOf, queryJsonBatches } from '../db/statement-batches.js';
import type { Bbox } from '../http/query-params.js';
import type { AircraftPosition } from './adsb-feed.js';
import { forEachInSlices, mapInSlices } from '../time-sliced.js';
import { startsTrackPoint, type TrackFacts } from './track-point-rule.js';

export interface IdentifiedPosition extends AircraftPosition {
  firefighting: boolean;
  firefightingReason: string | null;
  source: string;
}

// A position older than the one stored (a late report) never overwrites it. The poller merged the report with
// what was stored (callsign of the same flight, airframe facts) and identified the aircraft on the merged facts,
// so the row takes the report as it is; airframe facts stay when a report lacks them. The reports go in as they
// are (IdentifiedPosition as JSON: its field names are the recordset's quoted columns).
const UPSERT = `
INSERT INTO aircraft (icao24, callsign, registration, type_code, operator, geom, altitude_ft, on_ground,
                      ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source)
SELECT icao24, callsign, registration, "typeCode", operator, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326),
       "altitudeFt", "onGround", "groundSpeedKt", "trackDeg", "seenAt", firefighting, "firefightingReason", source
FROM jsonb_to_recordset($1::jsonb) AS x(icao24 text, callsign text, registration text, "typeCode" text, operator text,
  longitude float8, latitude float8, "altitudeFt" int, "onGround" boolean, "groundSpeedKt" real, "trackDeg" real,
  "seenAt" timestamptz, firefighting boolean, "firefightingReason" text, source text)
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
WHERE EXCLUDED.seen_at > aircraft.seen_at`;

// The reports that join their aircraft's track (track-point-rule.ts decided which).
const TRACK = `
INSERT INTO aircraft_positions (icao24, seen_at, geom, altitude_ft, ground_speed_kt, track_deg, on_ground)
SELECT icao24, "seenAt", ST_SetSRID(ST_MakePoint(longitude, latitude), 4326), "altitudeFt", "groundSpeedKt", "trackDeg", "onGround"
FROM jsonb_to_recordset($1::jsonb) AS x(icao24 text, "seenAt" timestamptz, longitude float8, latitude float8,
  "altitudeFt" int, "groundSpeedKt" real, "trackDeg" real, "onGround" boolean)`;

// seen_at as epoch milliseconds: 10,000 timestamps read as numbers, not parsed as text.
const KNOWN = `
SELECT icao24, callsign, registration, type_code, operator, (extract(epoch FROM seen_at) * 1000)::float8 AS seen_at_ms,
       ST_X(geom) AS longitude, ST_Y(geom) AS latitude, altitude_ft, on_ground
FROM aircraft
WHERE icao24 = ANY($1::text[])`;

/** What is stored about an aircraft: the facts a new report may lack, and where it was (for its track). */
export interface KnownAircraft extends TrackFacts {
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

/** An aircraft as the reads of positions answer it (find(), and the track's at()): PostgreSQL's column names. */
export interface AircraftColumns {
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
}

/** The answer shape of such a row (camelCase, the time as ISO 8601). */
export function aircraftRowOf(row: AircraftColumns): AircraftRow {
  return {
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
  };
}

export class AircraftRepository {
  constructor(private readonly db: Database) {}

  /** The stored facts of these aircraft, by address (read a batch of addresses at a time). */
  async known(icao24s: readonly string[]): Promise<Map<string, KnownAircraft>> {
    const known = new Map<string, KnownAircraft>();
    for (const batch of batchesOf(icao24s)) {
      const { rows } = await this.db.query<
        Pick<AircraftColumns, 'icao24' | 'callsign' | 'registration' | 'type_code' | 'operator' | 'longitude' | 'latitude' | 'altitude_ft' | 'on_ground'> & {
          seen_at_ms: number;
        }
      >(KNOWN, [batch]);
      // A worldwide answer's 10,000 rows are shaped a slice at a time.
      await forEachInSlices(rows, (row) =>
        known.set(row.icao24, {
          callsign: row.callsign,
          registration: row.registration,
          typeCode: row.type_code,
          operator: row.operator,
          seenAt: new Date(row.seen_at_ms),
          longitude: row.longitude,
          latitude: row.latitude,
          altitudeFt: row.altitude_ft,
          onGround: row.on_ground,
        }),
      );
    }
    return known;
  }

  /**
   * Stores one report per aircraft (the poller passes newestPerAircraft's) and adds the new ones to the track;
   * answers the counts of both.
   * `known` is what known() read before the poll: the track is decided against it, so the two statements run
   * side by side on two connections, each a batch of reports at a time. They are not one transaction: when one fails
   * the poll fails, and the next poll writes the report again (at worst a track point twice).
   */
  async upsert(positions: readonly IdentifiedPosition[], known: ReadonlyMap<string, KnownAircraft>): Promise<{ stored: number; positions: number }> {
    if (positions.length === 0) return { stored: 0, positions: 0 };
    // Each report is written as JSON once, for the upsert and (when it joins the track) for the track.
    const json = await mapInSlices(positions, (position) => JSON.stringify(position));
    const trackJson: string[] = [];
    await forEachInSlices(positions, (position, index) => {
      if (startsTrackPoint(position, known.get(position.icao24))) trackJson.push(json[index]!);
    });
    const [upserted, tracked] = await Promise.all([queryJsonBatches(this.db, UPSERT, json), queryJsonBatches(this.db, TRACK, trackJson)]);
    return { stored: upserted.rowCount, positions: tracked.rowCount };
  }

  async find(filter: { bbox?: Bbox; seenSince: Date; firefightingOnly: boolean; limit: number; fence?: Buffer | null }): Promise<AircraftRow[]> {
    const [west, south, east, north] = filter.bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<AircraftColumns>(SELECT, [west, south, east, north, filter.seenSince, filter.firefightingOnly, filter.limit, filter.fence ?? null]);
    return rows.map(aircraftRowOf);
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
