// Reads the ADS-B formats Vantage accepts: readsb/tar1090 `aircraft.json` (`aircraft`), the v2 APIs of
// the public aggregators (`ac`), and OpenSky `states/all` (arrays). Entries without a position are skipped.
import { z } from 'zod';

export interface AircraftPosition {
  icao24: string;
  callsign: string | null;
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
const optionalNumber = z.number().finite().nullable().optional();
const optionalText = z.string().max(64).nullable().optional();

const readsbEntry = z
  .object({
    hex,
    flight: optionalText,
    r: optionalText,
    t: optionalText,
    ownOp: optionalText,
    lat: optionalNumber,
    lon: optionalNumber,
    alt_baro: z.union([z.number(), z.literal('ground')]).nullable().optional(),
    gs: optionalNumber,
    track: optionalNumber,
    seen_pos: optionalNumber,
    seen: optionalNumber,
  })
  .passthrough();

const readsbBody = z.object({ now: z.number().positive(), aircraft: z.array(z.unknown()).optional(), ac: z.array(z.unknown()).optional() }).passthrough();
const openskyBody = z.object({ time: z.number().positive(), states: z.array(z.array(z.unknown())).nullable() }).passthrough();

const KNOTS_PER_MPS = 1.943844;
const FEET_PER_METRE = 3.28084;

function clean(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

function inRange(latitude: unknown, longitude: unknown): latitude is number {
  return typeof latitude === 'number' && typeof longitude === 'number' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

export interface ParsedFeed {
  positions: AircraftPosition[];
  skipped: number;
  format: 'readsb' | 'opensky';
}

/** `now` is seconds in aircraft.json and milliseconds in the v2 APIs. */
function nowMs(now: number): number {
  return now > 1e11 ? now : now * 1000;
}

export function parseAdsbFeed(body: unknown): ParsedFeed {
  const readsb = readsbBody.safeParse(body);
  if (readsb.success && (readsb.data.aircraft || readsb.data.ac)) {
    const now = nowMs(readsb.data.now);
    const positions: AircraftPosition[] = [];
    let skipped = 0;
    for (const raw of readsb.data.aircraft ?? readsb.data.ac ?? []) {
      const entry = readsbEntry.safeParse(raw);
      if (!entry.success || !inRange(entry.data.lat, entry.data.lon)) {
        skipped += 1;
        continue;
      }
      const item = entry.data;
      const age = item.seen_pos ?? item.seen ?? 0;
      positions.push({
        icao24: item.hex.replace('~', '').toLowerCase(),
        callsign: clean(item.flight),
        registration: clean(item.r),
        typeCode: clean(item.t)?.toUpperCase() ?? null,
        operator: clean(item.ownOp),
        latitude: item.lat as number,
        longitude: item.lon as number,
        altitudeFt: typeof item.alt_baro === 'number' ? Math.round(item.alt_baro) : null,
        onGround: item.alt_baro === 'ground',
        groundSpeedKt: item.gs ?? null,
        trackDeg: item.track ?? null,
        seenAt: new Date(now - age * 1000).toISOString(),
      });
    }
    return { positions, skipped, format: 'readsb' };
  }
  const opensky = openskyBody.safeParse(body);
  if (opensky.success) {
    const positions: AircraftPosition[] = [];
    let skipped = 0;
    for (const state of opensky.data.states ?? []) {
      const [icao24, callsign, , timePosition, lastContact, longitude, latitude, baroAltitude, onGround, velocity, track] = state;
      if (typeof icao24 !== 'string' || !/^[0-9a-f]{6}$/i.test(icao24) || !inRange(latitude, longitude)) {
        skipped += 1;
        continue;
      }
      const seconds = typeof timePosition === 'number' ? timePosition : typeof lastContact === 'number' ? lastContact : opensky.data.time;
      positions.push({
        icao24: icao24.toLowerCase(),
        callsign: typeof callsign === 'string' ? clean(callsign) : null,
        registration: null,
        typeCode: null,
        operator: null,
        latitude,
        longitude: longitude as number,
        altitudeFt: typeof baroAltitude === 'number' ? Math.round(baroAltitude * FEET_PER_METRE) : null,
        onGround: onGround === true,
        groundSpeedKt: typeof velocity === 'number' ? velocity * KNOTS_PER_MPS : null,
        trackDeg: typeof track === 'number' ? track : null,
        seenAt: new Date(seconds * 1000).toISOString(),
      });
    }
    return { positions, skipped, format: 'opensky' };
  }
  throw new Error('ADS-B answer is neither readsb/tar1090 JSON (aircraft or ac) nor OpenSky states');
}
