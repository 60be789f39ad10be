// The camera pipeline's settings (CAMERA_*, GEOCODER_URL, CALTRANS_CCTV_URL), checked once.
import { z } from 'zod';
import { CALTRANS_DEFAULT_URL } from './official-directory-catalog.js';
import { NOMINATIM_DEFAULT_URL } from './geocoder.js';

const sourceList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'CAMERA_SOURCES must be comma-separated http(s) URLs' })).max(100));

const cameraSettingsSchema = z.object({
  CAMERA_SOURCES: sourceList.default([]),
  /** Requests per second to any one host (directory pages and snapshots alike). */
  CAMERA_HOST_RATE: z.coerce.number().positive().max(100).default(1),
  CAMERA_INTERVAL: z.coerce.number().int().min(300).max(7 * 86_400).default(86_400),
  CAMERA_MAX_PAGES: z.coerce.number().int().min(1).max(1000).default(50),
  CAMERA_SNAPSHOT_TTL: z.coerce.number().int().min(0).max(86_400).default(60),
  CAMERA_SNAPSHOT_CACHE_MB: z.coerce.number().int().min(1).max(10_240).default(256),
  /** `off`: camera places come from the gazetteer only. */
  GEOCODER_URL: z.union([z.literal('off'), z.url({ protocol: /^https?$/, error: 'GEOCODER_URL must be an http(s) URL or off' })]).default(NOMINATIM_DEFAULT_URL),
  /** Base of Caltrans's CWWP2 data: `{base}/d{N}/cctv/cctvStatusD{NN}.json` per district. */
  CALTRANS_CCTV_URL: z.url({ protocol: /^https?$/, error: 'CALTRANS_CCTV_URL must be an http(s) URL' }).default(CALTRANS_DEFAULT_URL),
});

export interface CameraSettings {
  sources: string[];
  hostRatePerSecond: number;
  intervalSeconds: number;
  maxPagesPerSource: number;
  snapshotTtlSeconds: number;
  snapshotCacheBytes: number;
  /** Null when GEOCODER_URL is `off`. */
  geocoderUrl: string | null;
  caltransCctvUrl: string;
}

export function readCameraSettings(settings: Record<string, string>): CameraSettings {
  const pick = (name: keyof z.input<typeof cameraSettingsSchema>) => settings[name] || undefined;
  const parsed = cameraSettingsSchema.parse({
    CAMERA_SOURCES: pick('CAMERA_SOURCES'),
    CAMERA_HOST_RATE: pick('CAMERA_HOST_RATE'),
    CAMERA_INTERVAL: pick('CAMERA_INTERVAL'),
    CAMERA_MAX_PAGES: pick('CAMERA_MAX_PAGES'),
    CAMERA_SNAPSHOT_TTL: pick('CAMERA_SNAPSHOT_TTL'),
    CAMERA_SNAPSHOT_CACHE_MB: pick('CAMERA_SNAPSHOT_CACHE_MB'),
    GEOCODER_URL: pick('GEOCODER_URL'),
    CALTRANS_CCTV_URL: pick('CALTRANS_CCTV_URL'),
  });
  return {
    sources: parsed.CAMERA_SOURCES,
    hostRatePerSecond: parsed.CAMERA_HOST_RATE,
    intervalSeconds: parsed.CAMERA_INTERVAL,
    maxPagesPerSource: parsed.CAMERA_MAX_PAGES,
    snapshotTtlSeconds: parsed.CAMERA_SNAPSHOT_TTL,
    snapshotCacheBytes: parsed.CAMERA_SNAPSHOT_CACHE_MB * 1024 * 1024,
    geocoderUrl: parsed.GEOCODER_URL === 'off' ? null : parsed.GEOCODER_URL,
    caltransCctvUrl: parsed.CALTRANS_CCTV_URL.replace(/\/+$/, ''),
  };
}
