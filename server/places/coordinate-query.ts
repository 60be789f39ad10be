// Reads a typed position: decimal degrees ("38.58, -121.49", "38.58N 121.49W", "38,58 -121,49" with decimal commas),
// degrees-minutes-seconds and degrees with decimal minutes (geo-coordinates-parser; "N38 34.8 W121 29.4" as GPS units
// write it), an MGRS reference (mgrs, proj4js), or a map link ("geo:38.58,-121.49", Google Maps' "@38.58,-121.49,12z",
// OpenStreetMap's "#map=12/38.58/-121.49", Apple's "?ll=38.58,-121.49"). Latitude first, as people write them; two
// plain numbers that only make sense the other way round are read longitude first, and two that make sense both ways
// carry the longitude-first reading too.
import { convert } from 'geo-coordinates-parser';
// mgrs is a UMD bundle: Node's ESM loader sees only its default export.
import mgrs from 'mgrs';
import { parseDecimal } from '../http/query-params.js';

export interface ParsedPosition {
  /** `decimal-lon-lat`: two plain numbers that can only be longitude first (as GeoJSON writes them). */
  format: 'decimal' | 'decimal-lon-lat' | 'dms' | 'dm' | 'mgrs' | 'link';
  latitude: number;
  longitude: number;
  /**
   * Two plain numbers that make sense both ways round ("-0.12, 51.5": GeoJSON's order for London, or a point in the
   * Indian Ocean): the position read longitude first, for the search to offer too.
   */
  lonLatReading?: { latitude: number; longitude: number };
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
  if (!lettered && rawLat !== rawLon && inRange(rawLon, rawLat)) return { format: 'decimal', latitude, longitude, lonLatReading: { latitude: rawLon, longitude: rawLat } };
  return { format: 'decimal', latitude, longitude };
}

// A hemisphere letter before the degrees of degrees and decimal minutes ("N34 03.120 W118 15.000", as GPS units and
// aviation write them), which geo-coordinates-parser does not read: moved after them ("34 03.120N 118 15.000W").
const HEMISPHERE_FIRST = /^([NS])\s*(\d{1,2}[°º˚\s]+\d{1,2}(?:\.\d+)?['′’]?)\s*[,;\s]\s*([EW])\s*(\d{1,3}[°º˚\s]+\d{1,2}(?:\.\d+)?['′’]?)$/i;

function degreesMinutesSeconds(text: string): ParsedPosition | null {
  const written = text.replace(HEMISPHERE_FIRST, '$2$1 $4$3');
  if (!DMS_MARKS.test(written)) return null;
  try {
    const converted = convert(written, 6);
    if (!inRange(converted.decimalLatitude, converted.decimalLongitude)) return null;
    // Two numbers to each coordinate (degrees, minutes with a fraction), not three: degrees and decimal minutes.
    const numbers = written.match(/\d+(?:\.\d+)?/g) ?? [];
    const format = numbers.length === 4 && /\./.test(`${numbers[1]}${numbers[3]}`) ? 'dm' : 'dms';
    return { format, latitude: converted.decimalLatitude, longitude: converted.decimalLongitude };
  } catch {
    return null;
  }
}

// Two numbers with decimal commas, apart by spaces ("34,05 -118,25", as much of Europe writes them).
const DECIMAL_COMMA_PAIR = /^([+-]?\d{1,3}),(\d+)\s+([+-]?\d{1,3}),(\d+)$/;

function decimalCommaPair(text: string): ParsedPosition | null {
  const match = DECIMAL_COMMA_PAIR.exec(text);
  return match ? decimalPair(`${match[1]}.${match[2]} ${match[3]}.${match[4]}`) : null;
}

const LAT_LON = /^(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)/;

/** A position a map link points at: `geo:` URIs (RFC 5870) and the addresses of Google, OpenStreetMap and Apple maps. */
function mapLink(text: string): ParsedPosition | null {
  const found = (latitude: number, longitude: number): ParsedPosition | null => (inRange(latitude, longitude) ? { format: 'link', latitude, longitude } : null);
  const pair = (value: string | null | undefined) => {
    const match = value ? LAT_LON.exec(value) : null;
    return match ? found(Number(match[1]), Number(match[2])) : null;
  };
  if (/^geo:/i.test(text)) return pair(text.slice(4));
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // Google Maps: …/@34.05,-118.25,12z (also after /place/…/).
  const at = /@(-?\d{1,2}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?)/.exec(url.pathname);
  if (at) return pair(at[1]);
  // OpenStreetMap: #map=12/34.05/-118.25, or ?mlat=&mlon= for a marker.
  const osm = /map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  const mlat = url.searchParams.get('mlat');
  const mlon = url.searchParams.get('mlon');
  if (mlat !== null && mlon !== null) return pair(`${mlat},${mlon}`);
  if (osm) return found(Number(osm[1]), Number(osm[2]));
  // Apple Maps ?ll=, Google's ?q= or ?query= of a position.
  return pair(url.searchParams.get('ll')) ?? pair(url.searchParams.get('q')) ?? pair(url.searchParams.get('query'));
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
  if (trimmed.length === 0) return null;
  const link = mapLink(trimmed);
  if (link || trimmed.length > 80) return link;
  return decimalPair(trimmed) ?? decimalCommaPair(trimmed) ?? militaryGrid(trimmed) ?? degreesMinutesSeconds(trimmed);
}
