// The fire pipeline's settings (FIRE_*), checked once: the area API's (with a key) and the keyless global files' (without).
import { z } from 'zod';
import { GLOBAL_FIRE_FILE_IDS, type GlobalFireFileId } from './firms-global-catalog.js';

export const FIRMS_DEFAULT_URL = 'https://firms.modaps.eosdis.nasa.gov';

/** `world`, or degrees that FIRMS's area API takes: west < east, south < north, on the globe. */
function isPlausibleArea(bbox: string): boolean {
  if (bbox === 'world') return true;
  const [west, south, east, north] = bbox.split(',').map(Number) as [number, number, number, number];
  return west >= -180 && east <= 180 && west < east && south >= -90 && north <= 90 && south < north;
}

const fireSettingsSchema = z.object({
  FIRE_API_URL: z.url().default(FIRMS_DEFAULT_URL),
  FIRE_DATASET: z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'FIRE_DATASET must be a FIRMS source name such as VIIRS_SNPP_NRT').default('VIIRS_SNPP_NRT'),
  FIRE_BBOX: z
    .string()
    .regex(/^(world|-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?)$/, 'FIRE_BBOX must be west,south,east,north or world')
    .refine(isPlausibleArea, 'FIRE_BBOX must have west < east within -180..180 and south < north within -90..90')
    .default('world'),
  FIRE_INTERVAL: z.coerce.number().int().min(60, 'FIRE_INTERVAL is at least 60 seconds').max(86_400).default(900),
  FIRE_GLOBAL_FILES: z
    .string()
    .transform((value) => value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.enum(GLOBAL_FIRE_FILE_IDS, `FIRE_GLOBAL_FILES names files among ${GLOBAL_FIRE_FILE_IDS.join(', ')}`)).min(1, 'FIRE_GLOBAL_FILES names at least one file'))
    .default([...GLOBAL_FIRE_FILE_IDS]),
  FIRE_GLOBAL_INTERVAL: z.coerce.number().int().min(0).max(86_400).default(3_600),
});

export interface FireSettings {
  apiUrl: string;
  dataset: string;
  bbox: string;
  intervalSeconds: number;
  /** Without a map key: the keyless global 24 h files read (FIRE_GLOBAL_FILES). */
  globalFiles: GlobalFireFileId[];
  /** Without a map key: the shortest time between two downloads of one global file (FIRE_GLOBAL_INTERVAL, s). */
  globalIntervalSeconds: number;
}

export function readFireSettings(settings: Record<string, string>): FireSettings {
  const parsed = fireSettingsSchema.parse({
    FIRE_API_URL: settings.FIRE_API_URL || undefined,
    FIRE_DATASET: settings.FIRE_DATASET || undefined,
    FIRE_BBOX: settings.FIRE_BBOX || undefined,
    FIRE_INTERVAL: settings.FIRE_INTERVAL || undefined,
    FIRE_GLOBAL_FILES: settings.FIRE_GLOBAL_FILES || undefined,
    FIRE_GLOBAL_INTERVAL: settings.FIRE_GLOBAL_INTERVAL || undefined,
  });
  return {
    apiUrl: parsed.FIRE_API_URL.replace(/\/+$/, ''),
    dataset: parsed.FIRE_DATASET,
    bbox: parsed.FIRE_BBOX,
    intervalSeconds: parsed.FIRE_INTERVAL,
    globalFiles: [...new Set(parsed.FIRE_GLOBAL_FILES)],
    globalIntervalSeconds: parsed.FIRE_GLOBAL_INTERVAL,
  };
}
