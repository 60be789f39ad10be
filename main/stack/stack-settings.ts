// The supervisor's settings, read once from the environment.
import { resolveDataDir } from './data-dir.js';

/** Settings handed through to the API process by their specification names. */
export const PASSED_SETTINGS = [
  'FIRE_MAP_KEY',
  'FIRE_DATASET',
  'FIRE_BBOX',
  'FIRE_INTERVAL',
  'FIRE_API_URL',
  'FIRE_GLOBAL_FILES',
  'FIRE_GLOBAL_INTERVAL',
  'INCLUDE_FUTURES',
  'WILDFIRE_INCIDENTS_URL',
  'ADSB_URL',
  'ADSB_AGGREGATOR_URL',
  'ADSB_AGGREGATOR_RATE',
  'ADSB_AGGREGATOR_MAX_POINTS',
  'ADSB_AGGREGATOR_RADIUS_NM',
  'TELEGRAM_API_URL',
  'TELEGRAM_CHAT_ID',
  'ADSB_INTERVAL',
  'AIRCRAFT_MAX_AGE_SECONDS',
  'INCIDENTS_INTERVAL',
  'LLM_BASE_URL',
  'LLM_MODEL',
  'GEOCODER_URL',
  'CAMERA_SOURCES',
  'CAMERA_HOST_RATE',
  'CAMERA_INTERVAL',
  'CAMERA_MAX_PAGES',
  'CAMERA_SNAPSHOT_TTL',
  'CAMERA_SNAPSHOT_CACHE_MB',
  'CALTRANS_CCTV_URL',
  'GAZETTEER_LOAD',
  'SUMMARY_BATCH_SIZE',
  'SUMMARY_LOOKBACK_HOURS',
  'SUMMARY_MAX_CHARS',
  'LLM_PROVIDER',
  'LLM_API_KEY',
  'LLM_TIMEOUT_SECONDS',
  'NEWS_CONCURRENCY',
  'NEWS_FETCH_TIMEOUT_SECONDS',
  'NEWS_MAX_FEED_BYTES',
  'NEWS_MAX_ITEMS_PER_FEED',
  'NEWS_PROMPTS_DIR',
  'MAP_STYLE_URL',
  'NEWS_FEEDS_FILE',
  'NATS_STREAM_REPLICAS',
] as const;

export interface StackSettings {
  dataDir: string;
  /** DATABASE_URL: use this PostgreSQL/PostGIS and start no embedded one. */
  databaseUrl?: string;
  /** NATS_URL (+ NATS_TOKEN): use this NATS and start no bundled one. */
  natsUrl?: string;
  natsToken?: string;
  /** VANTAGE_TOKEN fixes the API token; otherwise a new one each launch. */
  apiToken?: string;
  apiHost: string;
  apiPort: number;
  allowedHosts: string[];
  logLevel: string;
  dbNullPool: boolean;
  /** RETENTION_DAYS, PLAYBACK_MAX_HOURS. */
  retentionDays?: number;
  maxPlaybackHours?: number;
  settings: Record<string, string>;
}

function positive(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return parsed;
}

export function readStackSettings(env: NodeJS.ProcessEnv = process.env): StackSettings {
  const settings: Record<string, string> = {};
  for (const name of PASSED_SETTINGS) {
    const value = env[name];
    if (value !== undefined) settings[name] = value;
  }
  return {
    dataDir: resolveDataDir(env),
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    natsToken: env.NATS_TOKEN || undefined,
    apiToken: env.VANTAGE_TOKEN || undefined,
    apiHost: env.VANTAGE_HOST || '127.0.0.1',
    apiPort: integer(env.VANTAGE_PORT, 'VANTAGE_PORT', 0),
    allowedHosts: (env.VANTAGE_ALLOWED_HOSTS ?? '').split(',').map((host) => host.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    dbNullPool: (env.DB_NULL_POOL ?? '0') !== '0',
    retentionDays: positive(env.RETENTION_DAYS, 'RETENTION_DAYS'),
    maxPlaybackHours: positive(env.PLAYBACK_MAX_HOURS, 'PLAYBACK_MAX_HOURS'),
    settings,
  };
}
