// The analyst's fire filter (confidence, minimum FRP, satellites, day or night, a geofence) as query parameters that every fire
// query spreads into its schema, and the one SQL condition the fire list, count, tiles and export all apply.
import { z } from 'zod';
import { fitsFloat4 } from '../db/float4.js';
import { geofenceIdParam } from '../http/query-params.js';
import { DECIMAL, parseDecimal } from '../http/query-params.js';
import { MAX_FRP_MW } from './fire-detection.js';

export const CONFIDENCE_CLASSES = ['low', 'nominal', 'high'] as const;
export type ConfidenceClass = (typeof CONFIDENCE_CLASSES)[number];

/** The satellite codes fires are stored under (normaliseSatellite maps every FIRMS spelling onto these). */
export const FIRE_SATELLITES = ['N', 'N20', 'N21', 'Terra', 'Aqua'] as const;

export const DAY_NIGHT = ['day', 'night'] as const;
export type FireSatellite = (typeof FIRE_SATELLITES)[number];

/** `a,b,c` of the given words, each once; blank, unknown words and stray commas are refused. */
export function commaList<const T extends string>(name: string, words: readonly T[]) {
  const word = words.join('|');
  return z
    .string()
    .max(200)
    .regex(new RegExp(`^(${word})(,(${word}))*$`), `${name} must be a comma list of ${words.join(', ')}`)
    .transform((value) => [...new Set(value.split(','))] as T[]);
}

const minFrpParam = z
  .string()
  .max(64)
  .regex(DECIMAL, 'minFrp must be a decimal number of MW')
  .transform((value, context): number => {
    const number = parseDecimal(value);
    if (number === null || number < 0 || number > MAX_FRP_MW) {
      context.addIssue({ code: 'custom', message: `minFrp must be within 0..${MAX_FRP_MW} MW` });
      return z.NEVER;
    }
    // Compared with the `real` column as a real: PostgreSQL refuses one that rounds to zero.
    if (!fitsFloat4(number)) {
      context.addIssue({ code: 'custom', message: 'minFrp is too close to zero to compare (0, or at least 1e-45 MW)' });
      return z.NEVER;
    }
    return number;
  });

/** The fields to spread into a fire query's schema: `z.object({ ...fireFilterQuery, bbox, … })`. */
export const fireFilterQuery = {
  /** low, nominal, high: VIIRS l/n/h, MODIS percent classed as FIRMS does (<30 low, 30–79 nominal, ≥80 high). */
  confidence: commaList('confidence', CONFIDENCE_CLASSES).optional(),
  /** Fire radiative power of at least this many MW (a detection without FRP is left out). */
  minFrp: minFrpParam.optional(),
  /** Stored satellite codes: N (Suomi NPP), N20 (NOAA-20), N21 (NOAA-21), Terra, Aqua. */
  satellites: commaList('satellites', FIRE_SATELLITES).optional(),
  /** Only detections inside this geofence (its id); an unknown id answers 404. */
  geofence: geofenceIdParam.optional(),
  /** Only detections made by day, or by night (FIRMS' daynight, D or N); one without it is left out. */
  dayNight: z.enum(DAY_NIGHT).optional(),
};

export const fireFilterSchema = z.object(fireFilterQuery);
/** The filter as the server reads it. */
export type FireFilter = z.infer<typeof fireFilterSchema>;
/** The filter as query parameters (what the renderer writes into a URL). */
export type FireFilterParams = z.input<typeof fireFilterSchema>;

/** A canonical text of the filter, equal for equal filters (the tile cache key). */
export function fireFilterKey(filter: FireFilter): string {
  const sorted = (values: readonly string[] | undefined) => (values ? [...values].sort().join(',') : '');
  return [sorted(filter.confidence), filter.minFrp ?? '', sorted(filter.satellites), filter.geofence ?? '', filter.dayNight ?? ''].join('|');
}

/**
 * The confidence of a stored row as `l`, `n` or `h` (null when it has none). VIIRS stores l/n/h; MODIS stores
 * a percent, classed as FIRMS does: below 30 low, 30–79 nominal, 80 and above high. The one place MODIS
 * percents are classed: the filter and the export both use it.
 */
export function confidenceClassSql(column: string): string {
  return `(CASE WHEN ${column} IN ('l', 'n', 'h') THEN ${column}
              WHEN ${column} ~ '^[0-9]{1,3}$' THEN CASE WHEN ${column}::int < 30 THEN 'l' WHEN ${column}::int < 80 THEN 'n' ELSE 'h' END
         END)`;
}

/**
 * "The detection passes the filter" on the fires row `alias`, with the filter as five parameters from
 * `firstParam` (fireFilterParams answers them in order). An absent part is a null parameter, which the planner
 * folds away, so the unfiltered query plans as it did without the filter. Confidence, FRP and satellite are
 * columns of the covering index (013_fire_hot_paths); only the geofence reads the geometry. The fence comes as its
 * own shape (EWKB), not its id: a constant the planner can estimate against the geometry's statistics, where a
 * sub-select's shape is unknown at plan time (a tile over a fence then walked a whole day's index, 5× slower).
 */
export function fireFilterCondition(alias: string, firstParam: number): string {
  const [confidence, minFrp, satellites, fence, dayNight] = [0, 1, 2, 3, 4].map((offset) => `$${firstParam + offset}`);
  const column = (name: string) => `${alias}.${name}`;
  return `(${confidence}::text[] IS NULL OR ${confidenceClassSql(column('confidence'))} = ANY(${confidence}::text[]))
    AND (${minFrp}::real IS NULL OR ${column('frp')} >= ${minFrp}::real)
    AND (${satellites}::text[] IS NULL OR ${column('satellite')} = ANY(${satellites}::text[]))
    AND (${fence}::bytea IS NULL OR ST_Intersects(${column('geom')}, ST_GeomFromEWKB(${fence}::bytea)))
    AND (${dayNight}::text IS NULL OR ${column('daynight')} = ${dayNight}::text)`;
}

const CLASS_CODES: Record<ConfidenceClass, string> = { low: 'l', nominal: 'n', high: 'h' };
const DAY_NIGHT_CODES: Record<(typeof DAY_NIGHT)[number], string> = { day: 'D', night: 'N' };

/**
 * The five parameters of fireFilterCondition, in order; `fence` is the shape of the filter's geofence (EWKB, a
 * Buffer from pg; typed as its Uint8Array so the renderer, which type-checks this file for FireFilter, needs no Node types).
 */
export function fireFilterParams(filter: FireFilter, fence: Uint8Array | null): [string[] | null, number | null, string[] | null, Uint8Array | null, string | null] {
  return [
    filter.confidence ? filter.confidence.map((name) => CLASS_CODES[name]) : null,
    filter.minFrp ?? null,
    filter.satellites ? [...filter.satellites] : null,
    fence,
    filter.dayNight ? DAY_NIGHT_CODES[filter.dayNight] : null,
  ];
}
