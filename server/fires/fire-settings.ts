// The fire pipeline's settings (FIRE_*), checked once.
import { z } from 'zod';

export const FIRMS_DEFAULT_URL = 'https://firms.modaps.eosdis.nasa.gov';

const fireSettingsSchema = z.object({
  FIRE_API_URL: z.url().default(FIRMS_DEFAULT_URL),
  FIRE_DATASET: z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'FIRE_DATASET must be a FIRMS source name such as VIIRS_SNPP_NRT').default('VIIRS_SNPP_NRT'),
  FIRE_BBOX: z
    .string()
    .regex(/^(world|-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?)$/, 'FIRE_BBOX must be west,south,east,north or world')
    .default('world'),
  FIRE_INTERVAL: z.coerce.number().int().min(60, 'FIRE_INTERVAL is at least 60 seconds').max(86_400).default(900),
});

export interface FireSettings {
  apiUrl: string;
  dataset: string;
  bbox: string;
  intervalSeconds: number;
}

export function readFireSettings(settings: Record<string, string>): FireSettings {
  const parsed = fireSettingsSchema.parse({
    FIRE_API_URL: settings.FIRE_API_URL || undefined,
    FIRE_DATASET: settings.FIRE_DATASET || undefined,
    FIRE_BBOX: settings.FIRE_BBOX || undefined,
    FIRE_INTERVAL: settings.FIRE_INTERVAL || undefined,
  });
  return {
    apiUrl: parsed.FIRE_API_URL.replace(/\/+$/, ''),
    dataset: parsed.FIRE_DATASET,
    bbox: parsed.FIRE_BBOX,
    intervalSeconds: parsed.FIRE_INTERVAL,
  };
}
