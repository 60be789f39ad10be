// Reads the ADS-B formats Vantage accepts: readsb/tar1090/dump1090-fa `aircraft.json` (`aircraft`), the older
// dump1090-mutability `aircraft.json` (`altitude`, `speed`), the v2 APIs of the public aggregators (`ac`), and
// OpenSky `states/all` (arrays). Entries without a position are skipped, each counted with its reason.
import { z } from 'zod';
import { fitsFloat4 } from '../db/float4.js';
import { safeText, textProblem } from '../http/safe-text.js';
import { RejectionTally, type RejectedRecords } from '../pipelines/rejection-tally.js';
import { forEachInSlices } from '../time-sliced.js';

export interface AircraftPosition {
  icao24: string;
  /** Null: none in this report (an empty callsign field, or no callsign field at all). */
  callsign: string | null;
  /**
   * Whether the report carried a callsign field, even an empty one (then the aircraft has none now). A report
   * without the field says nothing about the callsign. Absent: taken as carried when `callsign` is set.
   */
  callsignReported?: boolean;
  registration: string | null;
  typeCode: string | null;
  operator: string | null;
  latitude: number;
  longitude: number;
  altitudeFt: number | null;
  onGround: boolean;
  groundSpeedKt: number | null;
  trackDeg: number | null;
  seenAt: string;
}

const hex = z.string().regex(/^~?[0-9a-fA-F]{6}$/);
/** Far beyond what ADS-B encodes (126,700 ft) and well within the `integer` column. */
const MAX_ALTITUDE_FT = 1_000_000;
const MAX_REPORT_AGE_S = 365 * 86_400;
/** The last instant a JavaScript Date holds, in milliseconds and in seconds. */
const MAX_EPOCH_MS = 8.64e15;
const MAX_EPOCH_S = MAX_EPOCH_MS / 1000;
/**
 * How far ahead of this computer's clock a report may be dated: a receiver's clock a little fast is kept. Beyond it
 * the report is refused: PostgreSQL cannot read a year past 9999 as JavaScript writes it, and a report dated in 5138
 * would stay the aircraft's newest for good (a position is replaced only by a newer one).
 */
const MAX_REPORT_AHEAD_MS = 86_400_000;
const TOO_FAR_AHEAD = "report dated more than a day ahead of this computer's clock";
/** A receiver's own rounding can make an age a little negative (readsb clamps it to 0): read as 0. */
const MAX_NEGATIVE_AGE_S = 60;
const optionalCoordinate = z.number().finite().nullable().optional();
// An entry whose number the database could not store, or whose age makes no instant, is counted as unreadable: one
// such entry in an aggregator's answer would otherwise fail the whole poll (a speed of 1e39 or 5e-324 refused by the
// `real` column, an altitude past the `integer` one, `seen` of 1e20 seconds an invalid date).
/** Stored in a `real` column (ground speed, track). */
const optionalReal = z.number().finite().refine(fitsFloat4, 'not storable as a real').nullable().optional();
/** Seconds since a report: none in the future, none older than a year (an aggregator keeps a last position 14 days). */
const optionalAge = z
  .number()
  .min(-MAX_NEGATIVE_AGE_S)
  .max(MAX_REPORT_AGE_S)
  .transform((seconds) => Math.max(0, seconds))
  .nullable()
  .optional();
// Stored as they come: no NUL, no broken Unicode.
const optionalText = safeText().max(64).nullable().optional();
/** Feet, stored rounded in an `integer` column. */
const altitude = z.union([z.number().min(-MAX_ALTITUDE_FT).max(MAX_ALTITUDE_FT), z.literal('ground')]).nullable().optional();

// The entry's other fields (an aggregator's answer has 40 or more) are left out of what the check answers rather than
// copied through: nothing reads them, and copying them made the check 6 times as slow (10,000 entries of 50 fields:
// 72–91 ms against 11–15 ms).
const readsbEntry = z
  .object({
    hex,
    flight: optionalText,
    r: optionalText,
    t: optionalText,
    ownOp: optionalText,
    lat: optionalCoordinate,
    lon: optionalCoordinate,
    /** readsb, dump1090-fa: barometric altitude in feet, or "ground". */
    alt_baro: altitude,
    /** dump1090-mutability (and dump1090 before 3.x): altitude in feet, or "ground". */
    altitude,
    /** readsb, dump1090-fa: ground speed, knots. */
    gs: optionalReal,
    /** dump1090-mutability: speed in knots, "usually speed over ground, but might be IAS". */
    speed: optionalReal,
    track: optionalReal,
    seen_pos: optionalAge,
    seen: optionalAge,
    /** readsb/aggregators: the last position once lat/lon are over 60 s old (kept up to 14 days). */
    lastPosition: z.object({ lat: z.number().finite(), lon: z.number().finite(), seen_pos: optionalAge }).nullable().optional(),
  });

const readsbBody = z.object({ now: z.number().positive().max(MAX_EPOCH_MS), aircraft: z.array(z.unknown()).optional(), ac: z.array(z.unknown()).optional() }).passthrough();
const openskyBody = z.object({ time: z.number().positive().max(MAX_EPOCH_S), states: z.array(z.array(z.unknown())).nullable() }).passthrough();

const KNOTS_PER_MPS = 1.943844;
const FEET_PER_METRE = 3.28084;

function clean(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function inRange(latitude: number, longitude: number): boolean {
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

export interface ParsedFeed {
  positions: AircraftPosition[];
  /** Entries without a usable position or address (= rejected.count). */
  skipped: number;
  rejected: RejectedRecords;
  format: 'readsb' | 'opensky';
}

/** `now` is seconds in aircraft.json and milliseconds in the v2 APIs. */
function nowMs(now: number): number {
  return now > 1e11 ? now : now * 1000;
}

/** A valid report of an aircraft that is not sending its position: normal (Mode S only, or not yet decoded). */
export const NO_POSITION = 'no position';
const OUT_OF_RANGE = 'position outside -90..90 / -180..180';
const NO_ADDRESS = 'no ICAO 24-bit address (hex)';

/** Reads one readsb/aggregator entry into `positions`, or counts why it is not usable. */
function readReadsbEntry(raw: unknown, index: number, now: number, positions: AircraftPosition[], tally: RejectionTally): void {
  const entry = readsbEntry.safeParse(raw);
  if (!entry.success) {
    const address = hex.safeParse((raw as { hex?: unknown } | null)?.hex);
    if (!address.success) tally.add(NO_ADDRESS, `entry ${index + 1}`);
    else {
      const issue = entry.error.issues[0];
      tally.add(`unreadable ${issue?.path.join('.') || 'entry'}`, address.data);
    }
    return;
  }
  const item = entry.data;
  // A leading ~ marks an address that is not an ICAO one (TIS-B tracks of radar targets): kept, so such a track is
  // never merged with the aircraft whose ICAO address has the same six digits.
  const icao24 = item.hex.toLowerCase();
  // The current position, else the last one the receiver kept (its own age).
  let latitude: number;
  let longitude: number;
  let age: number;
  let current = false;
  if (isCoordinate(item.lat) && isCoordinate(item.lon)) {
    [latitude, longitude, age, current] = [item.lat, item.lon, item.seen_pos ?? item.seen ?? 0, true];
  } else if (item.lastPosition) {
    [latitude, longitude, age] = [item.lastPosition.lat, item.lastPosition.lon, item.lastPosition.seen_pos ?? item.seen ?? 0];
  } else {
    tally.add(NO_POSITION, icao24);
    return;
  }
  if (!inRange(latitude, longitude)) {
    tally.add(OUT_OF_RANGE, icao24);
    return;
  }
  const seenMs = now - age * 1000;
  if (seenMs > Date.now() + MAX_REPORT_AHEAD_MS) {
    tally.add(TOO_FAR_AHEAD, icao24);
    return;
  }
  // Altitude, speed and track are of the entry's last message (`seen`), not of a last position kept minutes before:
  // stored with that old position they would be read as where and how it flew then.
  const reported = item.alt_baro ?? item.altitude ?? null;
  const alt = current ? reported : null;
  positions.push({
    icao24,
    callsign: clean(item.flight),
    callsignReported: typeof item.flight === 'string',
    registration: clean(item.r),
    typeCode: clean(item.t)?.toUpperCase() ?? null,
    operator: clean(item.ownOp),
    latitude,
    longitude,
    altitudeFt: typeof alt === 'number' ? Math.round(alt) : null,
    // On the ground by its last message, whatever the age of the position kept (it was read as airborne).
    onGround: reported === 'ground',
    groundSpeedKt: current ? (item.gs ?? item.speed ?? null) : null,
    trackDeg: current ? (item.track ?? null) : null,
    seenAt: new Date(seenMs).toISOString(),
  });
}

function readReadsb(entries: readonly unknown[], now: number): { positions: AircraftPosition[]; tally: RejectionTally } {
  const positions: AircraftPosition[] = [];
  const tally = new RejectionTally();
  entries.forEach((raw, index) => readReadsbEntry(raw, index, now, positions, tally));
  return { positions, tally };
}

function readOpensky(states: readonly unknown[][], time: number): { positions: AircraftPosition[]; tally: RejectionTally } {
  const positions: AircraftPosition[] = [];
  const tally = new RejectionTally();
  states.forEach((state, index) => {
    // https://openskynetwork.github.io/opensky-api/rest.html#all-state-vectors
    const [icao24, callsign, , timePosition, lastContact, longitude, latitude, baroAltitude, onGround, velocity, track] = state;
    if (typeof icao24 !== 'string' || !/^[0-9a-f]{6}$/i.test(icao24)) {
      tally.add(NO_ADDRESS, `state ${index + 1}`);
      return;
    }
    if (!isCoordinate(latitude) || !isCoordinate(longitude)) {
      tally.add(NO_POSITION, icao24.toLowerCase());
      return;
    }
    if (!inRange(latitude, longitude)) {
      tally.add(OUT_OF_RANGE, icao24.toLowerCase());
      return;
    }
    const seconds = typeof timePosition === 'number' ? timePosition : typeof lastContact === 'number' ? lastContact : time;
    const altitudeFt = typeof baroAltitude === 'number' ? Math.round(baroAltitude * FEET_PER_METRE) : null;
    // To a tenth of a knot, as readsb reports it: m/s × 1.943844 read 231.25498 kt in an export.
    const groundSpeedKt = typeof velocity === 'number' ? Math.round(velocity * KNOTS_PER_MPS * 10) / 10 : null;
    const trackDeg = typeof track === 'number' ? track : null;
    // What the database could not store, or no instant, as for the readsb entries above.
    const problem =
      !(seconds > 0 && seconds <= MAX_EPOCH_S) ? 'unreadable time_position'
      : seconds * 1000 > Date.now() + MAX_REPORT_AHEAD_MS ? TOO_FAR_AHEAD
      : altitudeFt !== null && !(Math.abs(altitudeFt) <= MAX_ALTITUDE_FT) ? 'unreadable baro_altitude'
      : groundSpeedKt !== null && !fitsFloat4(groundSpeedKt) ? 'unreadable velocity'
      : trackDeg !== null && !fitsFloat4(trackDeg) ? 'unreadable true_track'
      : null;
    if (problem) {
      tally.add(problem, icao24.toLowerCase());
      return;
    }
    positions.push({
      icao24: icao24.toLowerCase(),
      // null: "no callsign has been received"; a string (even blank) is what the aircraft sends now.
      callsign: typeof callsign === 'string' && textProblem(callsign) === null ? clean(callsign.slice(0, 64)) : null,
      callsignReported: typeof callsign === 'string',
      registration: null,
      typeCode: null,
      operator: null,
      latitude,
      longitude,
      altitudeFt,
      onGround: onGround === true,
      groundSpeedKt,
      trackDeg,
      seenAt: new Date(seconds * 1000).toISOString(),
    });
  });
  return { positions, tally };
}

export function parseAdsbFeed(body: unknown): ParsedFeed {
  const readsb = readsbBody.safeParse(body);
  if (readsb.success && (readsb.data.aircraft || readsb.data.ac)) {
    const { positions, tally } = readReadsb(readsb.data.aircraft ?? readsb.data.ac ?? [], nowMs(readsb.data.now));
    return { positions, skipped: tally.count, rejected: tally.toJSON(), format: 'readsb' };
  }
  const opensky = openskyBody.safeParse(body);
  if (opensky.success) {
    const { positions, tally } = readOpensky(opensky.data.states ?? [], opensky.data.time);
    return { positions, skipped: tally.count, rejected: tally.toJSON(), format: 'opensky' };
  }
  throw new Error('ADS-B answer is neither readsb/tar1090 JSON (aircraft or ac) nor OpenSky states');
}

/**
 * The same reading as parseAdsbFeed, a slice of entries at a time with a turn of the event loop between slices, so
 * that a worldwide answer does not hold the API's requests up while it is validated.
 */
export async function parseAdsbFeedInSlices(body: unknown): Promise<ParsedFeed> {
  const readsb = readsbBody.safeParse(body);
  if (!readsb.success || !(readsb.data.aircraft || readsb.data.ac)) return parseAdsbFeed(body);
  const entries = readsb.data.aircraft ?? readsb.data.ac ?? [];
  const now = nowMs(readsb.data.now);
  const positions: AircraftPosition[] = [];
  const tally = new RejectionTally();
  await forEachInSlices(entries, (raw, index) => readReadsbEntry(raw, index, now, positions, tally));
  return { positions, skipped: tally.count, rejected: tally.toJSON(), format: 'readsb' };
}
