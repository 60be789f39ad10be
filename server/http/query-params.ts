// Shared query parameters: bbox (west,south,east,north as FIRMS), time instants and spans, limits.
import { z } from 'zod';

export type Bbox = [west: number, south: number, east: number, north: number];

/** `west,south,east,north` in decimal degrees; west > east means the box crosses the antimeridian. */
export const bboxParam = z
  .string()
  .max(200)
  .transform((value, context): Bbox => {
    const parts = value.split(',').map((part) => part.trim());
    const numbers = parts.map(Number);
    if (parts.length !== 4 || parts.some((part) => part === '') || numbers.some((n) => !Number.isFinite(n))) {
      context.addIssue({ code: 'custom', message: 'bbox must be four numbers: west,south,east,north' });
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

const RELATIVE_SPAN = /^(\d{1,6})(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** Parses an ISO 8601 instant or a span back from now (`90m`, `24h`, `7d`). */
export function parseInstant(value: string, now: Date = new Date()): Date | null {
  const relative = RELATIVE_SPAN.exec(value);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS]);
  if (!ISO_INSTANT.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as ISO 8601 or a relative span; the earliest accepted is year 1970, the latest a day ahead. */
export const instantParam = z
  .string()
  .max(64)
  .transform((value, context): Date => {
    const date = parseInstant(value);
    if (!date) {
      context.addIssue({ code: 'custom', message: 'expected an ISO 8601 instant or a span such as 90m, 24h, 7d' });
      return z.NEVER;
    }
    if (date.getTime() < 0 || date.getTime() > Date.now() + 86_400_000) {
      context.addIssue({ code: 'custom', message: 'instant is out of range' });
      return z.NEVER;
    }
    return date;
  });

export function limitParam(defaultLimit: number, max: number) {
  return z.coerce.number().int().min(1).max(max).default(defaultLimit);
}
