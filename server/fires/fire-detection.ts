// One fire detection as Vantage keeps it, and the input rules shared by the FIRMS CSV and JSON paths.
import { z } from 'zod';
import { fitsFloat4 } from '../db/float4.js';
import { parseDecimal, parseIsoInstant } from '../http/query-params.js';
import { safeText } from '../http/safe-text.js';

export interface FireDetection {
  latitude: number;
  longitude: number;
  /** Full acquisition instant (acq_date + HHMM), UTC, ISO 8601. */
  acqTime: string;
  /** Normalised: `1` and `N20` are both NOAA-20 → `N20`. */
  satellite: string;
  instrument: string | null;
  confidence: string | null;
  frp: number | null;
  /** bright_ti4 (VIIRS) or brightness (MODIS), kelvin. */
  brightness: number | null;
  /** bright_ti5 (VIIRS) or bright_t31 (MODIS), kelvin. */
  brightnessT31: number | null;
  scan: number | null;
  track: number | null;
  version: string | null;
  daynight: 'D' | 'N' | null;
}

const SATELLITE_ALIASES: Record<string, string> = { '1': 'N20', N20: 'N20', N: 'N', NPP: 'N', N21: 'N21', '2': 'N21', T: 'Terra', TERRA: 'Terra', A: 'Aqua', AQUA: 'Aqua' };

export function normaliseSatellite(value: string): string | null {
  return SATELLITE_ALIASES[value.trim().toUpperCase()] ?? null;
}

// A FIRMS file has thousands of rows per acquisition minute: remember the answers.
const instantCache = new Map<string, string | null>();

/** `748` → 07:48, `33` → 00:33, `3` → 00:03 (FIRMS does not zero-pad HHMM). */
export function acquisitionInstant(acqDate: string, acqTime: string): string | null {
  const cacheKey = `${acqDate} ${acqTime}`;
  const cached = instantCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const instant = computeAcquisitionInstant(acqDate, acqTime);
  if (instantCache.size > 50_000) instantCache.clear();
  instantCache.set(cacheKey, instant);
  return instant;
}

function computeAcquisitionInstant(acqDate: string, acqTime: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(acqDate) || !/^\d{1,4}$/.test(acqTime)) return null;
  const padded = acqTime.padStart(4, '0');
  const hours = Number(padded.slice(0, 2));
  const minutes = Number(padded.slice(2));
  if (hours > 23 || minutes > 59) return null;
  const instant = new Date(`${acqDate}T${padded.slice(0, 2)}:${padded.slice(2)}:00Z`);
  if (Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) !== acqDate) return null;
  return instant.toISOString();
}

// Physical bounds of a FIRMS detection. Anything outside is not a measurement but garbage (or an attack
// on the `real` columns, whose range ends at 3.4e38), so the row is refused rather than stored.
/**
 * Fire radiative power, MW per pixel. FIRMS pixel values are typically 1–1,000 MW; only extreme fires in
 * MODIS's 1 km pixels (the largest footprint FIRMS serves) reach the thousands. 100,000 MW is well above
 * any pixel value we know of and still a bound, so nothing real is refused. FRP is radiated power: never
 * negative.
 */
export const MAX_FRP_MW = 100_000;
/**
 * Brightness temperatures, kelvin. VIIRS I4 saturates near 367 K and MODIS channel 21 near 500 K; the
 * 11–12 µm channels (I5, T31) read ambient scenes (~180–400 K). 1,000 K is beyond every channel's range.
 */
export const MAX_BRIGHTNESS_K = 1_000;
/** Pixel size along scan/track, km: VIIRS 0.32–0.8, MODIS 1–4.8 at the swath edge; 20 km is generous. */
export const MAX_PIXEL_KM = 20;
/** MODIS Terra fire data, the start of the satellite fire record that FIRMS serves, begin 2000-11-01. */
export const FIRE_RECORD_START = '2000-11-01T00:00:00.000Z';
const FIRE_RECORD_START_MS = Date.parse(FIRE_RECORD_START);
/** A detection is never in the future; a day of slack covers clocks and date-line confusion. */
const FUTURE_SLACK_MS = 86_400_000;

/** Why an acquisition instant is not a plausible satellite detection time, or null when it is. */
export function acquisitionWindowProblem(acqTime: string, now: number = Date.now()): string | null {
  const time = Date.parse(acqTime);
  if (Number.isNaN(time)) return `acquisition time "${acqTime}" is not an instant`;
  if (time < FIRE_RECORD_START_MS) return `acquisition time ${acqTime} is before the satellite fire record (${FIRE_RECORD_START.slice(0, 10)})`;
  if (time > now + FUTURE_SLACK_MS) return `acquisition time ${acqTime} is more than a day in the future`;
  return null;
}

const isBlank = (value: unknown) => value === '' || value === undefined || value === null;

/**
 * A number field: a JSON number or a decimal string (`1.5`, `-12`, `3e2`), finite and within min..max.
 * Refuses what Number() would let through: blank (0), `0x10` (16), `Infinity`, `1e39` past the bound.
 */
function decimalField(min: number, max: number) {
  // preprocess: zod would refuse an absent key before the transform ran ("expected nonoptional").
  return z.preprocess(
    (value) => value ?? null,
    z.unknown().transform((value, context): number => readDecimal(value, min, max, context) ?? z.NEVER),
  );
}

/**
 * As decimalField, for a `real` column, and blank (empty cell, missing column, null) is null: a value too close to
 * zero for the column (5e-324) is refused too, as PostgreSQL would refuse the whole batch for it.
 */
function optionalRealField(min: number, max: number) {
  return z.preprocess(
    (value) => value ?? null,
    z.unknown().transform((value, context): number | null => {
      if (isBlank(value)) return null;
      const number = readDecimal(value, min, max, context);
      if (number === null) return z.NEVER;
      if (!fitsFloat4(number)) {
        context.addIssue({ code: 'custom', message: 'is too close to zero to store (0, or at least 1e-45)' });
        return z.NEVER;
      }
      return number;
    }),
  );
}

function readDecimal(value: unknown, min: number, max: number, context: z.RefinementCtx): number | null {
  if (isBlank(value)) {
    context.addIssue({ code: 'custom', message: 'is required' });
    return null;
  }
  const number = typeof value === 'number' ? (Number.isFinite(value) ? value : null) : typeof value === 'string' ? parseDecimal(value.trim()) : null;
  if (number === null) {
    context.addIssue({ code: 'custom', message: 'must be a decimal number' });
    return null;
  }
  if (number < min || number > max) {
    context.addIssue({ code: 'custom', message: `must be within ${min}..${max}` });
    return null;
  }
  return number;
}

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalText = (max: number) => z.preprocess(emptyToNull, safeText().trim().max(max).nullable());

/** VIIRS: l/n/h (low, nominal, high); MODIS: 0–100; may be empty. */
const confidence = z.preprocess(
  emptyToNull,
  safeText()
    .trim()
    .regex(/^(l|n|h|low|nominal|high|\d{1,3})$/i, 'confidence must be l/n/h or 0–100')
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= 100, 'confidence must be l/n/h or 0–100')
    .transform((value) => (/^\d+$/.test(value) ? value : value[0]!.toLowerCase()))
    .nullable(),
);

/**
 * FIRMS's `type`, in its standard-processing files (MODIS_SP, VIIRS_SNPP_SP; the NRT files have no such column): what
 * the hot spot is presumed to be. 0 a vegetation fire; 1 an active volcano; 2 another static land source (industry,
 * gas flares on land); 3 offshore (every detection over water, platforms' flares among them). Blank or absent: a fire.
 */
const hotSpotType = z.preprocess(emptyToNull, safeText().trim().regex(/^[0-3]$/, 'type must be 0–3 (FIRMS hot spot type)').nullable());

/** A FIRMS row of `type` 1–3: a volcano, an industrial or other static heat source, or a detection over water. */
export const NOT_VEGETATION_FIRE = { notVegetationFire: true } as const;

/** Valid rows a read leaves out, counted for its answer. */
export interface LeftOutRows {
  /** FIRMS `type` 1–3 (NOT_VEGETATION_FIRE). */
  notVegetationFires: number;
}

/** What a row or JSON item is: a detection, a hot spot that is not a vegetation fire (not stored), or its problems. */
export type DetectionOutcome = { detection: FireDetection } | typeof NOT_VEGETATION_FIRE | { errors: string[] };

const brightnessField = optionalRealField(0, MAX_BRIGHTNESS_K);
const pixelField = optionalRealField(0, MAX_PIXEL_KM);

/** A FIRMS area-CSV row (VIIRS or MODIS header), all fields as text; columns Vantage does not read must still be clean text. */
export const firmsRowSchema = z
  .object({
    latitude: decimalField(-90, 90),
    longitude: decimalField(-180, 180),
    acq_date: safeText(),
    acq_time: safeText(),
    satellite: safeText().min(1).max(16),
    instrument: optionalText(16),
    confidence,
    version: optionalText(16),
    frp: optionalRealField(0, MAX_FRP_MW),
    daynight: z.preprocess(emptyToNull, z.enum(['D', 'N']).nullable()),
    bright_ti4: brightnessField.optional(),
    bright_ti5: brightnessField.optional(),
    brightness: brightnessField.optional(),
    bright_t31: brightnessField.optional(),
    scan: pixelField.optional(),
    track: pixelField.optional(),
    type: hotSpotType.optional(),
  })
  .catchall(safeText().max(1_000));

/** FIRMS's own `acq_time`: the hour and minute as HHMM ("0241", 241), read with `acq_date`. */
const HHMM = /^\d{1,4}$/;

/**
 * `acq_time` of the JSON form: a real ISO 8601 date and time with its zone (`…T21:14:00Z`, `…+02:00`), or FIRMS's own
 * HHMM with `acq_date` beside it (a FIRMS row kept as it comes).
 */
const jsonInstant = z.union([
  z.number().int().min(0).max(2359),
  safeText()
    .max(64)
    .refine(
      (value) => HHMM.test(value) || (value.includes('T') && parseIsoInstant(value) !== null),
      'acq_time must be a real ISO 8601 date-time with a zone (Z or ±hh:mm), or FIRMS\'s HHMM with acq_date',
    ),
]);

/** A number of the JSON form for a `real` column: within min..max, and not too close to zero to store. */
const jsonReal = (min: number, max: number) =>
  z.number().min(min).max(max).refine(fitsFloat4, 'is too close to zero to store (0, or at least 1e-45)').nullable().optional();

/** An element of the JSON form of POST /api/ingest/fires. */
export const fireJsonSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    acq_time: jsonInstant.optional(),
    acq_date: safeText().max(10).optional(),
    acq_hhmm: z.union([safeText().max(4), z.number().int().min(0).max(2359)]).optional(),
    satellite: safeText().min(1).max(16),
    instrument: safeText().max(16).nullable().optional(),
    confidence: z.union([safeText().max(16), z.number().int().min(0).max(100)]).nullable().optional(),
    version: safeText().max(16).nullable().optional(),
    frp: jsonReal(0, MAX_FRP_MW),
    daynight: z.enum(['D', 'N']).nullable().optional(),
    brightness: jsonReal(0, MAX_BRIGHTNESS_K),
    bright_t31: jsonReal(0, MAX_BRIGHTNESS_K),
    scan: jsonReal(0, MAX_PIXEL_KM),
    track: jsonReal(0, MAX_PIXEL_KM),
    /** FIRMS's hot spot type, as the CSV's `type` (0 a vegetation fire; 1–3 are not stored). */
    type: z.union([z.number().int().min(0).max(3), z.enum(['0', '1', '2', '3'])]).nullable().optional(),
  })
  .strict();

export type FirmsRow = z.infer<typeof firmsRowSchema>;
export type FireJson = z.infer<typeof fireJsonSchema>;

export interface RowProblem {
  /** 1-based data row (the header is row 0), or array index + 1 for JSON. */
  row: number;
  errors: string[];
}

export function detectionFromFirmsRow(row: FirmsRow, now: number = Date.now()): DetectionOutcome {
  const acqTime = acquisitionInstant(row.acq_date.trim(), row.acq_time.trim());
  return buildDetection(row, acqTime, acqTime ? null : `acq_date/acq_time "${row.acq_date} ${row.acq_time}" is not a date and HHMM time`, now);
}

/** The row's fields are valid; checks the acquisition instant's window and the satellite, and builds the detection. */
function buildDetection(row: FirmsRow, acqTime: string | null, acqProblem: string | null, now: number): DetectionOutcome {
  const errors: string[] = [];
  if (acqProblem) errors.push(acqProblem);
  const windowProblem = acqTime ? acquisitionWindowProblem(acqTime, now) : null;
  if (windowProblem) errors.push(windowProblem);
  const satellite = normaliseSatellite(row.satellite);
  if (!satellite) errors.push(`unknown satellite "${row.satellite}"`);
  if (errors.length > 0 || !acqTime || !satellite) return { errors };
  // A valid row all the same: counted, not stored (a volcano or a refinery is not a fire to watch).
  if (row.type !== undefined && row.type !== null && row.type !== '0') return NOT_VEGETATION_FIRE;
  return {
    detection: {
      latitude: row.latitude,
      longitude: row.longitude,
      acqTime,
      satellite,
      instrument: row.instrument ?? null,
      confidence: row.confidence ?? null,
      frp: row.frp ?? null,
      brightness: row.bright_ti4 ?? row.brightness ?? null,
      brightnessT31: row.bright_ti5 ?? row.bright_t31 ?? null,
      scan: row.scan ?? null,
      track: row.track ?? null,
      version: row.version ?? null,
      daynight: row.daynight ?? null,
    },
  };
}

export function detectionFromJson(item: FireJson, now: number = Date.now()): DetectionOutcome {
  // FIRMS's own acq_time is HHMM, read with acq_date as acq_hhmm is.
  const hhmm = item.acq_time !== undefined && HHMM.test(String(item.acq_time)) ? String(item.acq_time) : item.acq_hhmm === undefined ? undefined : String(item.acq_hhmm);
  const given = item.acq_time === undefined || hhmm === String(item.acq_time) ? null : parseIsoInstant(String(item.acq_time));
  let acqTime: string | null = given ? given.toISOString() : null;
  if (!acqTime && item.acq_date !== undefined && hhmm !== undefined) acqTime = acquisitionInstant(item.acq_date, hhmm);
  // The row rules are the CSV's; the acquisition fields were read above, so placeholders stand in for them.
  const row = firmsRowSchema.safeParse({
    latitude: item.latitude,
    longitude: item.longitude,
    acq_date: '',
    acq_time: '',
    satellite: item.satellite,
    instrument: item.instrument ?? '',
    confidence: item.confidence === null || item.confidence === undefined ? '' : String(item.confidence),
    version: item.version ?? '',
    frp: item.frp ?? '',
    daynight: item.daynight ?? '',
    brightness: item.brightness ?? '',
    bright_t31: item.bright_t31 ?? '',
    scan: item.scan ?? '',
    track: item.track ?? '',
    type: item.type === null || item.type === undefined ? '' : String(item.type),
  });
  const errors: string[] = [];
  if (!acqTime) errors.push('acq_time (ISO 8601) or acq_date + acq_time or acq_hhmm (a real date and HHMM time) is required');
  if (!row.success) errors.push(...row.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  if (errors.length > 0 || !row.success || !acqTime) return { errors };
  return buildDetection(row.data, acqTime, null, now);
}
