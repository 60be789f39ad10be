// One fire detection as Vantage keeps it, and the input rules shared by the FIRMS CSV and JSON paths.
import { z } from 'zod';

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

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalNumber = z.preprocess(emptyToNull, z.coerce.number().finite().nullable());
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullable());

/** VIIRS: l/n/h (low, nominal, high); MODIS: 0–100; may be empty. */
const confidence = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .regex(/^(l|n|h|low|nominal|high|\d{1,3})$/i, 'confidence must be l/n/h or 0–100')
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= 100, 'confidence must be l/n/h or 0–100')
    .transform((value) => (/^\d+$/.test(value) ? value : value[0]!.toLowerCase()))
    .nullable(),
);

/** A FIRMS area-CSV row (VIIRS or MODIS header), all fields as text. */
export const firmsRowSchema = z
  .object({
    latitude: z.coerce.number().min(-90).max(90),
    longitude: z.coerce.number().min(-180).max(180),
    acq_date: z.string(),
    acq_time: z.string(),
    satellite: z.string().min(1).max(16),
    instrument: optionalText(16),
    confidence,
    version: optionalText(16),
    frp: optionalNumber,
    daynight: z.preprocess(emptyToNull, z.enum(['D', 'N']).nullable()),
    bright_ti4: optionalNumber.optional(),
    bright_ti5: optionalNumber.optional(),
    brightness: optionalNumber.optional(),
    bright_t31: optionalNumber.optional(),
    scan: optionalNumber.optional(),
    track: optionalNumber.optional(),
  })
  .passthrough();

/** An element of the JSON form of POST /api/ingest/fires. */
export const fireJsonSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    acq_time: z.iso.datetime({ offset: true }).optional(),
    acq_date: z.string().optional(),
    acq_hhmm: z.union([z.string(), z.number()]).optional(),
    satellite: z.string().min(1).max(16),
    instrument: z.string().max(16).nullable().optional(),
    confidence: z.union([z.string(), z.number()]).nullable().optional(),
    version: z.string().max(16).nullable().optional(),
    frp: z.number().finite().nullable().optional(),
    daynight: z.enum(['D', 'N']).nullable().optional(),
    brightness: z.number().finite().nullable().optional(),
    bright_t31: z.number().finite().nullable().optional(),
    scan: z.number().finite().nullable().optional(),
    track: z.number().finite().nullable().optional(),
  })
  .strict();

export type FirmsRow = z.infer<typeof firmsRowSchema>;
export type FireJson = z.infer<typeof fireJsonSchema>;

export interface RowProblem {
  /** 1-based data row (the header is row 0), or array index + 1 for JSON. */
  row: number;
  errors: string[];
}

export function detectionFromFirmsRow(row: FirmsRow): { detection: FireDetection } | { errors: string[] } {
  const errors: string[] = [];
  const acqTime = acquisitionInstant(row.acq_date.trim(), row.acq_time.trim());
  if (!acqTime) errors.push(`acq_date/acq_time "${row.acq_date} ${row.acq_time}" is not a date and HHMM time`);
  const satellite = normaliseSatellite(row.satellite);
  if (!satellite) errors.push(`unknown satellite "${row.satellite}"`);
  if (errors.length > 0 || !acqTime || !satellite) return { errors };
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

export function detectionFromJson(item: FireJson): { detection: FireDetection } | { errors: string[] } {
  let acqTime: string | null = item.acq_time ? new Date(item.acq_time).toISOString() : null;
  if (!acqTime && item.acq_date !== undefined && item.acq_hhmm !== undefined) acqTime = acquisitionInstant(item.acq_date, String(item.acq_hhmm));
  const row = firmsRowSchema.safeParse({
    latitude: item.latitude,
    longitude: item.longitude,
    acq_date: '1970-01-01',
    acq_time: '0',
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
  });
  const errors: string[] = [];
  if (!acqTime) errors.push('acq_time (ISO 8601) or acq_date + acq_hhmm is required');
  if (!row.success) errors.push(...row.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  if (errors.length > 0 || !row.success || !acqTime) return { errors };
  const converted = detectionFromFirmsRow(row.data);
  if ('errors' in converted) return converted;
  return { detection: { ...converted.detection, acqTime } };
}
