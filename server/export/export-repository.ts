// SQL of the export: fires under the fire filter (the same condition as the list, count and tiles), aircraft at
// their current positions, incidents as they stand and the events of the window (the map's News & events layer), each in the
// bbox and the geofence, capped by the caller (one row more than the cap is read, so a cut answer is known to be cut).
import type { AircraftColumns } from '../aircraft/aircraft-repository.js';
import { LATEST_POSITIONS_AT } from '../aircraft/aircraft-track-repository.js';
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import { isoTimeSql } from '../db/iso-time-sql.js';
import { confidenceClassSql, fireFilterParams } from '../fires/fire-filter.js';
import { type FireSelection, NEWEST_SELECTED_FIRES } from '../fires/fire-repository.js';
import type { Bbox } from '../http/query-params.js';

// The fires of the selection, newest first ($7: rows).
const FIRES = `
SELECT latitude, longitude, ${isoTimeSql('acq_time')} AS acq_time, satellite, instrument, confidence,
       ${confidenceClassSql('f.confidence')} AS confidence_class, frp, brightness, daynight
${NEWEST_SELECTED_FIRES}`;

/** "Inside the geofence whose shape (EWKB) is $n, when one is given" on a geometry column, as the fire filter has it. */
const inGeofence = (geometry: string, param: number) => `($${param}::bytea IS NULL OR ST_Intersects(${geometry}, ST_GeomFromEWKB($${param}::bytea)))`;

// $1–$4 bbox, $5 seen since, $6 firefighting only, $7 geofence, $8 rows.
// Positions to a micro-degree, speed and track to a tenth: a real's float8 digits ("38.66213406666517", a speed of
// "496.3000030517578") are noise in a file.
const micro = (sql: string) => `round(${sql}::numeric, 6)::float8`;
const tenth = (sql: string) => `round(${sql}::numeric, 1)::float8`;

const AIRCRAFT = `
SELECT icao24, callsign, registration, type_code, operator, ${micro('ST_Y(geom)')} AS latitude, ${micro('ST_X(geom)')} AS longitude, altitude_ft,
       on_ground, ${tenth('ground_speed_kt')} AS ground_speed_kt, ${tenth('track_deg')} AS track_deg, ${isoTimeSql('seen_at')} AS seen_at, firefighting, firefighting_reason
FROM aircraft
WHERE seen_at >= $5 AND ${bboxCondition('geom', 1)} AND (NOT $6::boolean OR firefighting) AND ${inGeofence('geom', 7)}
ORDER BY seen_at DESC, icao24
LIMIT $8`;

// A past minute's: each aircraft's latest kept position before $5 and after $6 (as GET /api/aircraft?at= reads them),
// with what is known of the aircraft. $1–$4 bbox, $7 firefighting only, $8 geofence, $9 rows.
const AIRCRAFT_AT = `
WITH ${LATEST_POSITIONS_AT}
SELECT l.icao24, a.callsign, a.registration, a.type_code, a.operator, ${micro('ST_Y(l.geom)')} AS latitude, ${micro('ST_X(l.geom)')} AS longitude,
       l.altitude_ft, l.on_ground, ${tenth('l.ground_speed_kt')} AS ground_speed_kt, ${tenth('l.track_deg')} AS track_deg, ${isoTimeSql('l.seen_at')} AS seen_at,
       coalesce(a.firefighting, false) AS firefighting, a.firefighting_reason
FROM latest l
LEFT JOIN aircraft a USING (icao24)
WHERE ${bboxCondition('l.geom', 1)} AND (NOT $7::boolean OR a.firefighting) AND ${inGeofence('l.geom', 8)}
ORDER BY l.seen_at DESC, l.icao24
LIMIT $9`;

// $1–$4 bbox, $5 geofence, $6 rows, $7 discovered before (null: any time; an undated incident always).
const INCIDENTS = `
SELECT irwin_id, kind, name, size_acres, percent_contained, ${isoTimeSql('discovered_at')} AS discovered_at, state,
       -- To a micro-degree (about 0.1 m): the feed's 13 decimals are noise in a file.
       ${micro('ST_Y(geom)')} AS latitude, ${micro('ST_X(geom)')} AS longitude
FROM current_incidents
WHERE ${bboxCondition('geom', 1)} AND ${inGeofence('geom', 5)}
  AND ($7::timestamptz IS NULL OR discovered_at IS NULL OR discovered_at < $7)
ORDER BY size_acres DESC NULLS LAST, irwin_id
LIMIT $6`;

// The map's News & events layer: every placed event but fire detections (the Fires layer's), in the window, the newest first.
// A news story's own words (its summary, place, outlet and article link) from its message rather than the stored
// event's "Place: summary" and vantage:news/ URL; another event's link is its URL when that is a web address.
// $1–$4 bbox, $5 since, $6 until (null: now), $7 geofence, $8 rows.
const EVENTS = `
SELECT ${isoTimeSql('occurred_at')} AS occurred_at, source_type::text AS source, title,
       CASE WHEN source_type = 'news' THEN payload->>'summary' ELSE summary END AS summary,
       CASE WHEN source_type = 'news' THEN payload->>'place' END AS place,
       CASE WHEN source_type = 'news' THEN payload->>'feed' END AS outlet,
       CASE WHEN url ~* '^https?://' THEN url WHEN payload->>'link' ~* '^https?://' THEN payload->>'link' END AS link,
       ${micro('ST_Y(ST_PointOnSurface(geom))')} AS latitude, ${micro('ST_X(ST_PointOnSurface(geom))')} AS longitude
FROM events
WHERE source_type <> 'fire' AND geom IS NOT NULL AND ${bboxCondition('geom', 1)} AND ${bboxCondition('ST_PointOnSurface(geom)', 1)}
  AND occurred_at >= $5 AND ($6::timestamptz IS NULL OR occurred_at < $6) AND ${inGeofence('geom', 7)}
ORDER BY occurred_at DESC, id DESC
LIMIT $8`;

export interface FireExportRow {
  latitude: number;
  longitude: number;
  acq_time: string;
  satellite: string;
  instrument: string | null;
  confidence: string | null;
  /** l, n or h (MODIS percents classed as FIRMS does), null without a confidence. */
  confidence_class: 'l' | 'n' | 'h' | null;
  frp: number | null;
  brightness: number | null;
  daynight: string | null;
}

/** An aircraft row as the aircraft reads have it, its time already written as ISO 8601. */
export type AircraftExportRow = Omit<AircraftColumns, 'seen_at'> & { seen_at: string };

export interface IncidentExportRow {
  irwin_id: string;
  /** wildfire, prescribed or complex (IRWIN's category), null when the feed did not say. */
  kind: string | null;
  name: string;
  size_acres: number | null;
  percent_contained: number | null;
  discovered_at: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
}

export interface EventExportRow {
  occurred_at: string;
  /** The event's source: news, alert, camera, aircraft or incident. */
  source: string;
  title: string;
  summary: string | null;
  /** Where a news story was placed ("Paris, France"); null for other events. */
  place: string | null;
  /** A news story's outlet (the feed it first came from); null for other events or when not known. */
  outlet: string | null;
  /** A web address to read more at (a story's article), null when there is none. */
  link: string | null;
  latitude: number;
  longitude: number;
}

const bboxParams = (bbox: Bbox | undefined) => bbox ?? [null, null, null, null];

export class ExportRepository {
  constructor(private readonly db: Database) {}

  /** A geofence's name by its id; null when there is none of that id. */
  async geofenceName(id: string): Promise<string | null> {
    const { rows } = await this.db.query<{ name: string }>('SELECT name FROM geofences WHERE id = $1', [id]);
    return rows[0]?.name ?? null;
  }

  /** The newest detections of the selection, at most `rows`. */
  async fires(selection: FireSelection, rows: number): Promise<FireExportRow[]> {
    const params = [...bboxParams(selection.bbox), selection.since, selection.until ?? null, rows, ...fireFilterParams(selection.filter, selection.fence)];
    return (await this.db.query<FireExportRow>(FIRES, params)).rows;
  }

  /** Aircraft seen since `seenSince` (their last-known positions), the latest first, at most `rows`. */
  async aircraft(filter: { bbox?: Bbox; seenSince: Date; firefightingOnly: boolean; fence: Buffer | null }, rows: number): Promise<AircraftExportRow[]> {
    const params = [...bboxParams(filter.bbox), filter.seenSince, filter.firefightingOnly, filter.fence, rows];
    return (await this.db.query<AircraftExportRow>(AIRCRAFT, params)).rows;
  }

  /** Where aircraft were at `at` (each one's latest position after `seenSince`), the latest first, at most `rows`. */
  async aircraftAt(filter: { bbox?: Bbox; at: Date; seenSince: Date; firefightingOnly: boolean; fence: Buffer | null }, rows: number): Promise<AircraftExportRow[]> {
    const params = [...bboxParams(filter.bbox), filter.at, filter.seenSince, filter.firefightingOnly, filter.fence, rows];
    return (await this.db.query<AircraftExportRow>(AIRCRAFT_AT, params)).rows;
  }

  /** Placed events of the window but fire detections (the map's News & events layer), the newest first, at most `rows`. */
  async events(filter: { bbox?: Bbox; since: Date; until?: Date; fence: Buffer | null }, rows: number): Promise<EventExportRow[]> {
    const params = [...bboxParams(filter.bbox), filter.since, filter.until ?? null, filter.fence, rows];
    return (await this.db.query<EventExportRow>(EVENTS, params)).rows;
  }

  /** Incidents as they stand (of those discovered before `discoveredBefore`, when given), the largest first, at most `rows`. */
  async incidents(filter: { bbox?: Bbox; fence: Buffer | null; discoveredBefore: Date | null }, rows: number): Promise<IncidentExportRow[]> {
    return (await this.db.query<IncidentExportRow>(INCIDENTS, [...bboxParams(filter.bbox), filter.fence, rows, filter.discoveredBefore])).rows;
  }
}
