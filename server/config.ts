// Settings of the API process. They arrive over IPC from the supervisor (never argv).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_ACK_WAIT_MS } from './events/event-stream-setup.js';
import { DEFAULT_DISK_LOW_BYTES } from './health/disk-space.js';

export const serverConfigSchema = z.object({
  databaseUrl: z.string().min(1),
  natsUrl: z.string().min(1),
  natsToken: z.string().optional(),
  apiToken: z.string().min(16),
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(0),
  /**
   * `port` is a preference, not the user's setting (the supervisor chose it free): taken by another program by the time
   * the API listens, the API listens on one the OS gives instead, and says which in its ready message.
   */
  portFallback: z.boolean().default(false),
  /** Extra Host header values accepted besides the bound address (DNS-rebinding guard). */
  allowedHosts: z.array(z.string()).default([]),
  dataDir: z.string().min(1),
  /** Folder of the built renderer served at `/` (default renderer/dist beside the server). */
  rendererDir: z.string().min(1).optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** DB_NULL_POOL: a connection per unit of work instead of a pool. */
  dbNullPool: z.boolean().default(false),
  dbPoolMax: z.number().int().min(1).max(100).default(10),
  bodyLimitBytes: z.number().int().positive().default(1024 * 1024),
  /** How long POST /api/jobs/:name waits before answering 202. */
  jobWaitMs: z.number().int().min(0).default(25_000),
  /** Days of partitions created ahead of today. */
  partitionDaysAhead: z.number().int().min(1).max(60).default(7),
  /** Free space on the data folder's disk below which health calls it low (the HUD says so). */
  diskLowBytes: z.number().int().min(0).default(DEFAULT_DISK_LOW_BYTES),
  /** RETENTION_DAYS: events older than this are dropped by whole daily partitions. */
  retentionDays: z.number().int().min(1).max(3650).default(30),
  /** PLAYBACK_MAX_HOURS: the longest range GET /api/playback answers. */
  maxPlaybackHours: z.number().int().min(1).max(24 * 366).default(168),
  /** Per-client send buffer of the live socket before the client is dropped as too slow. */
  liveMaxBufferedBytes: z.number().int().min(1024).default(4 * 1024 * 1024),
  /** How often live clients get a health message. */
  liveHealthIntervalMs: z.number().int().min(1000).default(15_000),
  /** How long an unacked bus message waits before redelivery to another ingester. */
  ingesterAckWaitMs: z.number().int().min(500).default(DEFAULT_ACK_WAIT_MS),
  /** Largest body POST /api/ingest/fires takes (a FIRMS CSV of a busy day is tens of MB). */
  ingestBodyLimitBytes: z.number().int().positive().default(64 * 1024 * 1024),
  /** Features per vector tile at most. */
  maxTileFeatures: z.number().int().positive().default(50_000),
  /** Deliver alerts through the messaging bot (when its key and chat are set). */
  notificationsEnabled: z.boolean().default(true),
  /** Run the ingester (tests may drive it themselves). */
  ingesterEnabled: z.boolean().default(true),
  /** Run schedules (off in tests that drive jobs by hand). */
  schedulesEnabled: z.boolean().default(true),
  /**
   * The jobs that catch up at start (their data missing or older than their interval) begin `delayMs` after the
   * schedules start, `staggerMs` apart, so they do not all hit at once (tests shorten both).
   */
  catchUpAtStart: z.object({ delayMs: z.number().int().min(0), staggerMs: z.number().int().min(0) }).default({ delayMs: 2_000, staggerMs: 5_000 }),
  /** Seals stored API keys (32 bytes, base64). From the supervisor over IPC; a fresh one if absent (tests). */
  dataKey: z.string().default(() => randomBytes(32).toString('base64')),
  /** Where the data key lives, for health. */
  keyStorage: z
    .object({ kind: z.enum(['keychain', 'file', 'ephemeral']), detail: z.string() })
    .default({ kind: 'ephemeral', detail: 'data key held in memory only; stored keys are lost at restart' }),
  /**
   * `host:port` values the camera address guard lets through although they are loopback — set only by
   * tests serving images from 127.0.0.1. No environment variable or setting reaches this.
   */
  cameraTestAllowedHosts: z.array(z.string()).default([]),
  /** Every other setting, by its specification name (FIRE_MAP_KEY, FIRE_DATASET, ...). */
  settings: z.record(z.string(), z.string()).default({}),
});

export type ServerConfig = z.infer<typeof serverConfigSchema>;
export type ServerConfigInput = z.input<typeof serverConfigSchema>;

export function parseServerConfig(input: ServerConfigInput): ServerConfig {
  return serverConfigSchema.parse(input);
}
