// SQL for last-known aircraft positions.
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import { copyRows, csvField, ewktPoint } from '../db/copy-rows.js';
import { batchesOf } from '../db/statement-batches.js';
import type { Bbox } from '../http/query-params.js';
import type { AircraftPosition } from './adsb-feed.js';
import { forEachInSlices, mapInSlices } from '../time-sliced.js';
import { startsTrackPoint, type TrackFacts } from './track-point-rule.js';

export interface IdentifiedPosition extends AircraftPosition {
  firefighting: boolean;
  firefightingReason: string | null;
  source: string;
}

// The reports of a poll are copied into a staging table (COPY reads CSV for less than a JSON parameter costs).
const CREATE_STAGING = `
CREATE TEMP TABLE aircraft_staging (
  icao24 text, callsign text, registration text, type_code text, operator text, longitude float8, latitude float8,
  altitude_ft int, on_ground boolean, ground_speed_kt real, track_deg real, seen_at timestamptz, firefighting boolean,
  firefighting_reason text, source text
) ON COMMIT DROP`;

const COPY_STAGING = 'COPY aircraft_staging FROM STDIN WITH (FORMAT csv)';

function stagingLine(p: IdentifiedPosition): string {
  return [csvField(p.icao24), csvField(p.callsign), csvField(p.registration), csvField(p.typeCode), csvField(p.operator), p.longitude, p.latitude,
    csvField(p.altitudeFt), csvField(p.onGround), csvField(p.groundSpeedKt), csvField(p.trackDeg), p.seenAt, csvField(p.firefighting),
    csvField(p.firefightingReason), csvField(p.source)].join(',');
}

// A position older than the one stored (a late report) never overwrites it, unless the stored one is dated ahead of
// the database's clock: the clock was set back since (NTP correcting a fast clock), and the aircraft would otherwise
// stand still at an old position, shown as current, for the length of the step. The poller merged the report with
// what was stored (callsign of the same flight, airframe facts) and identified the aircraft on the merged facts,
// so the row takes the report as it is; airframe facts stay when a report lacks them.
const UPSERT_FROM_STAGING = `
INSERT INTO aircraft (icao24, callsign, registration, type_code, operator, geom, altitude_ft, on_ground,
                      ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source)
SELECT icao24, callsign, registration, type_code, operator, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326),
       altitude_ft, on_ground, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source
FROM aircraft_staging
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
WHERE EXCLUDED.seen_at > aircraft.seen_at OR aircraft.seen_at > now()`;

// The reports that join their aircraft's track (track-point-rule.ts decided which), copied straight in.
const COPY_TRACK = `
COPY aircraft_positions (icao24, seen_at, geom, altitude_ft, ground_speed_kt, track_deg, on_ground) FROM STDIN WITH (FORMAT csv)`;

function trackLine(p: IdentifiedPosition): string {
  return [csvField(p.icao24), p.seenAt, ewktPoint(p.longitude, p.latitude), csvField(p.altitudeFt), csvField(p.groundSpeedKt),
    csvField(p.trackDeg), csvField(p.onGround)].join(',');
}

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
   * `known` is what known() read before the poll: the track is decided against it, so the upsert and the track's
   * COPY run side by side on two connections. They are not one transaction: when one fails the poll fails, and the
   * next poll writes the report again (at worst a track point twice).
   */
  async upsert(positions: readonly IdentifiedPosition[], known: ReadonlyMap<string, KnownAircraft>): Promise<{ stored: number; positions: number }> {
    if (positions.length === 0) return { stored: 0, positions: 0 };
    const staged = await mapInSlices(positions, stagingLine);
    const track: string[] = [];
    const now = Date.now();
    await forEachInSlices(positions, (position) => {
      if (startsTrackPoint(position, known.get(position.icao24), now)) track.push(trackLine(position));
    });
    const [stored, tracked] = await Promise.all([
      this.db.transaction(async (client) => {
        await client.query(CREATE_STAGING);
        await copyRows(client, COPY_STAGING, staged);
        return (await client.query(UPSERT_FROM_STAGING)).rowCount ?? 0;
      }),
      track.length === 0 ? 0 : this.db.withClient((client) => copyRows(client, COPY_TRACK, track)),
    ]);
    return { stored, positions: tracked };
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
