// Shared query parameters: bbox (west,south,east,north as FIRMS), time instants and spans, limits;
// and the strict number and instant readers that the other input schemas use too.
import { z } from 'zod';
import { fitsFloat4 } from '../db/float4.js';
import { safeText } from './safe-text.js';

export type Bbox = [west: number, south: number, east: number, north: number];

/** A plain decimal number: no hex (`0x10`), no `Infinity`/`NaN`, no blank, no thousands separators. */
export const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a decimal string spells, or null for anything else (blank, hex, Infinity, overflow to ±Infinity). */
export function parseDecimal(value: string): number | null {
  if (value.length > 64 || !DECIMAL.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** `west,south,east,north` in decimal degrees; west > east means the box crosses the antimeridian. */
export const bboxParam = z
  .string()
  .max(200)
  .transform((value, context): Bbox => {
    const parts = value.split(',').map((part) => part.trim());
    const numbers = parts.map(parseDecimal);
    if (parts.length !== 4 || numbers.some((n) => n === null)) {
      context.addIssue({ code: 'custom', message: 'bbox must be four decimal numbers: west,south,east,north' });
      return z.NEVER;
    }
    const [west, south, east, north] = numbers as Bbox;
    if ([west, east].some((lon) => lon < -180 || lon > 180)) {
      context.addIssue({ code: 'custom', message: 'bbox longitudes must be within -180..180' });
      return z.NEVER;
    }
    if ([south, north].some((lat) => lat < -90 || lat > 90)) {
      context.addIssue({ code: 'custom', message: 'bbox latitudes must be within -90..90' });
      return z.NEVER;
    }
    if (south > north) {
      context.addIssue({ code: 'custom', message: 'bbox south must not be greater than north' });
      return z.NEVER;
    }
    return [west, south, east, north];
  });

/** `longitude,latitude` in decimal degrees (GeoJSON's order, as a bbox's corners). */
export const lonLatParam = z
  .string()
  .max(130)
  .transform((value, context): [longitude: number, latitude: number] => {
    const parts = value.split(',').map((part) => parseDecimal(part.trim()));
    const [longitude, latitude] = parts;
    if (parts.length !== 2 || longitude === null || latitude === null || longitude === undefined || latitude === undefined) {
      context.addIssue({ code: 'custom', message: 'must be two decimal numbers: longitude,latitude' });
      return z.NEVER;
    }
    if (longitude < -180 || longitude > 180 || latitude < -90 || latitude > 90) {
      context.addIssue({ code: 'custom', message: 'longitude must be within -180..180 and latitude within -90..90' });
      return z.NEVER;
    }
    return [longitude, latitude];
  });

const RELATIVE_SPAN = /^(\d{1,6})(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
// Date, then optionally time (HH:MM, :SS, fraction) with a zone (Z or ±HH[:]MM); a date alone is midnight UTC.
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2})))?$/;

/** True when year-month-day is a day of the calendar (2026-02-30 and 2025-02-29 are not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Date.UTC(year, month, 0) is the last day of `month`; years 0–99 need setUTCFullYear to stay literal.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/**
 * A strict ISO 8601 instant (`2026-11-20`, `2026-11-20T07:48Z`, `…:00.123+02:00`): every field checked
 * (month 1–12, a real day of that month, hour ≤ 23, minute and second ≤ 59, zone offset ≤ 23:59), never
 * rolled over the way `new Date('2026-02-30')` rolls into March. Null when it is not one.
 */
export function parseIsoInstant(value: string): Date | null {
  const match = ISO_INSTANT.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', , sign, offsetH = '0', offsetM = '0'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (year < 1 || !isCalendarDate(year, month, day)) return null;
  if (hour > 23 || minute > 59 || second > 59 || Number(offsetH) > 23 || Number(offsetM) > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offsetMs = (Number(offsetH) * 60 + Number(offsetM)) * 60_000 * (sign === '-' ? -1 : 1);
  const instant = new Date(date.getTime() - offsetMs);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * An instant given as a span back from now (`6h`): the start of a window that moves with the clock. Kept apart from an
 * instant named to the millisecond, so what is kept for such a window (a fire tile) is found again by its span.
 */
export class SpanBack extends Date {
  constructor(
    readonly spanMs: number,
    now: number,
  ) {
    super(now - spanMs);
  }
}

/** Parses a strict ISO 8601 instant or a span back from now (`90m`, `24h`, `7d`, answered as a SpanBack). */
export function parseInstant(value: string, now: Date = new Date()): Date | null {
  const relative = RELATIVE_SPAN.exec(value);
  if (relative) return new SpanBack(Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS], now.getTime());
  return parseIsoInstant(value);
}

/** An instant as ISO 8601 or a relative span, from year 1970 to `aheadMs` after now (Infinity: any year ISO 8601 writes). */
function instantUpTo(aheadMs: number) {
  return z
    .string()
    .max(64)
    .transform((value, context): Date => {
      const date = parseInstant(value);
      if (!date) {
        context.addIssue({ code: 'custom', message: 'expected a real ISO 8601 instant or a span such as 90m, 24h, 7d' });
        return z.NEVER;
      }
      if (date.getTime() < 0 || date.getTime() > Date.now() + aheadMs) {
        context.addIssue({ code: 'custom', message: 'instant is out of range' });
        return z.NEVER;
      }
      return date;
    });
}

/** An instant as ISO 8601 or a relative span; the earliest accepted is year 1970, the latest a day ahead. */
export const instantParam = instantUpTo(86_400_000);

/**
 * The end of a window the analyst chose (`until`): as instantParam, but any time ahead. A window set to end tomorrow
 * evening or next week is one still filling, and reads as up to now (nothing is stored dated more than a day ahead);
 * refused, it made every fire tile, count and export of the map answer 400.
 */
export const windowEndParam = instantUpTo(Number.POSITIVE_INFINITY);

/** A whole number in a path or query, written in decimal digits only (no `0x10`, `1e2`, blank or sign), within min..max. */
export function wholeNumberParam(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A whole number of rows, written in decimal digits (no `0x10`, `1e2`, `1.5` or blank). */
export function limitParam(defaultLimit: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .default(defaultLimit);
}

/** A geofence's id: only what lies inside that geofence (an unknown id answers 404). */
export const geofenceIdParam = z.string().regex(/^\d{1,18}$/, 'geofence must be a geofence id');

/** The largest PostgreSQL bigint: ids above it (a 19-digit 9999999999999999999) cannot be compared with an id column. */
export const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** A row id as text: a positive bigint in decimal digits, no sign, no leading zero. */
const POSITIVE_DIGITS = /^[1-9]\d{0,18}$/;
export const bigintIdText = z
  .string()
  .regex(POSITIVE_DIGITS, 'id must be a positive whole number')
  // zod runs this even when the regex failed: BigInt() only sees digits.
  .refine((value) => !POSITIVE_DIGITS.test(value) || BigInt(value) <= BIGINT_MAX, 'id is beyond the bigint range');

/**
 * A text-search rank in a cursor: ts_rank answers a `real`, never negative (0..1 in practice). The bound is
 * the largest value `real` can hold (3.4e38, rounded down), so no cursor the server wrote is ever refused
 * and none the client forged (1e308, -1, or 5e-324, which rounds to zero as a real) reaches the `::real` cast.
 */
export const cursorRank = z.number().min(0).max(1e38).refine(fitsFloat4, 'rank is too close to zero for a real');

/** An instant that the server wrote into a cursor (toISOString): a real ISO 8601 date-time, year 1–9999. */
export const cursorInstant = safeText()
  .max(64)
  .refine((value) => value.includes('T') && parseIsoInstant(value) !== null, 'not a real ISO 8601 date-time');

/** The text of a cursor: base64url as encodeCursor writes it (Buffer would silently skip any other character). */
export const cursorParam = z.string().max(500).regex(/^[A-Za-z0-9_-]+$/, 'invalid cursor');
