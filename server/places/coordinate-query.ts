// Reads a typed position: decimal degrees ("38.58, -121.49", "38.58N 121.49W"), degrees-minutes-seconds
// (geo-coordinates-parser) or an MGRS reference (mgrs, proj4js). Latitude first, as people write them; two plain
// numbers that only make sense the other way round are read longitude first.
import { convert } from 'geo-coordinates-parser';
// mgrs is a UMD bundle: Node's ESM loader sees only its default export.
import mgrs from 'mgrs';
import { parseDecimal } from '../http/query-params.js';

export interface ParsedPosition {
  /** `decimal-lon-lat`: two plain numbers that can only be longitude first (as GeoJSON writes them). */
  format: 'decimal' | 'decimal-lon-lat' | 'dms' | 'mgrs';
  latitude: number;
  longitude: number;
}

// Two plain numbers with optional hemisphere letters and degree signs. geo-coordinates-parser reads "38.58" as
// 38°58′ (degrees.minutes), so plain decimals are read here with the strict decimal reader instead.
const DECIMAL_PAIR = /^([NS])?\s*([+-]?[\d.]+)\s*°?\s*([NS])?\s*[,;\s]\s*([EW])?\s*([+-]?[\d.]+)\s*°?\s*([EW])?$/i;
// Grid zone, 100 km square, then an even count of digits (easting and northing of the same precision).
const MGRS = /^(\d{1,2}[C-HJ-NP-X])\s*([A-HJ-NP-Z]{2})\s*(\d{0,10}|\d{1,5}\s+\d{1,5})$/i;
const DMS_MARKS = /[°º˚'′’"″”]|\d\s+\d/;

function signed(value: number, hemisphere: string | undefined, negative: string): number | null {
  if (!hemisphere) return value;
  if (value < 0) return null;
  return hemisphere.toUpperCase() === negative ? -value : value;
}

function inRange(latitude: number, longitude: number): boolean {
  return latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180;
}

function decimalPair(text: string): ParsedPosition | null {
  const match = DECIMAL_PAIR.exec(text);
  if (!match) return null;
  const [, latBefore, latText, latAfter, lonBefore, lonText, lonAfter] = match;
  if ((latBefore && latAfter) || (lonBefore && lonAfter)) return null;
  const rawLat = parseDecimal(latText ?? '');
  const rawLon = parseDecimal(lonText ?? '');
  if (rawLat === null || rawLon === null) return null;
  const lettered = Boolean(latBefore ?? latAfter ?? lonBefore ?? lonAfter);
  // Plain numbers whose first cannot be a latitude but can be a longitude, and whose second can be a latitude
  // ("-121.5, 38.5", GeoJSON's order): longitude first. Latitude first whenever both readings are possible.
  if (!lettered && !inRange(rawLat, rawLon) && inRange(rawLon, rawLat)) return { format: 'decimal-lon-lat', latitude: rawLon, longitude: rawLat };
  const latitude = signed(rawLat, latBefore ?? latAfter, 'S');
  const longitude = signed(rawLon, lonBefore ?? lonAfter, 'W');
  if (latitude === null || longitude === null || !inRange(latitude, longitude)) return null;
  return { format: 'decimal', latitude, longitude };
}

function degreesMinutesSeconds(text: string): ParsedPosition | null {
  if (!DMS_MARKS.test(text)) return null;
  try {
    const converted = convert(text, 6);
    if (!inRange(converted.decimalLatitude, converted.decimalLongitude)) return null;
    return { format: 'dms', latitude: converted.decimalLatitude, longitude: converted.decimalLongitude };
  } catch {
    return null;
  }
}

function militaryGrid(text: string): ParsedPosition | null {
  const match = MGRS.exec(text);
  if (!match) return null;
  const digits = (match[3] ?? '').replace(/\s+/g, '');
  if (digits.length % 2 !== 0) return null;
  try {
    const [longitude, latitude] = mgrs.toPoint(`${match[1]}${match[2]}${digits}`.toUpperCase());
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || !inRange(latitude, longitude)) return null;
    return { format: 'mgrs', latitude, longitude };
  } catch {
    return null;
  }
}

/** The position the text spells, or null when it is not a position. */
export function parsePosition(text: string): ParsedPosition | null {
  // A position as programs print it: "(34.05, -118.25)", "[-118.25, 34.05]" (GeoJSON's order, read as such).
  const trimmed = text.trim().replace(/^\(\s*([^()]*?)\s*\)$|^\[\s*([^[\]]*?)\s*\]$/, (_, round?: string, square?: string) => round ?? square ?? '');
  if (trimmed.length === 0 || trimmed.length > 80) return null;
  return decimalPair(trimmed) ?? militaryGrid(trimmed) ?? degreesMinutesSeconds(trimmed);
}
