// GET /api/health answers: the whole report to the token's holder, status and staleness to anyone.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';
import { PIPELINE_NAMES } from '../pipelines/pipeline-registry.js';

export const pipelineFreshness = z
  .object({
    lastSuccessAt: instant.nullable(),
    ageSeconds: z.number().nullable(),
    expectedIntervalSeconds: z.number(),
    stale: z.boolean(),
    lastError: z.string().nullable(),
    /** When its last run failed (null once a run succeeds): the HUD tells a feed cut off by the network from one whose host alone is down. */
    lastErrorAt: instant.nullable(),
    /** Plain words for the screen when stale or failing. */
    reason: z.string().nullable(),
    /**
     * Stale because its last run could not reach its source's host at all (no name lookup, no route, nothing
     * listening), which is what every feed says on a computer with no network.
     */
    unreachable: z.boolean(),
    /** Its last run failed (and was not idle): stale or not yet, the screen says so. */
    failing: z.boolean(),
    /** It never finished a run and the API started moments ago: its first run is coming (not stale yet). */
    firstRunPending: z.boolean(),
    /** Malformed inputs dropped so far. */
    rejected: z.number(),
    /** The latest run that skipped records: when, how many, and why (reasons with counts and examples). */
    lastRejected: z.object({ at: instant, count: z.number(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'PipelineFreshness' });
export type PipelineFreshness = z.infer<typeof pipelineFreshness>;

const pipelineName = z.enum(PIPELINE_NAMES as [string, ...string[]]);

export const healthReport = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number(),
    pipelines: z.record(pipelineName, pipelineFreshness),
    database: z.object({ ok: z.boolean(), postgis: z.string().nullable(), schemaHeads: z.array(z.string()), error: z.string().optional() }),
    bus: z.object({ ok: z.boolean(), jetstream: z.boolean() }),
    /** Where the data key sealing stored API keys lives (keychain, or the fallback key file and why). */
    keys: z.object({ storage: z.string(), detail: z.string() }),
    /** Alert delivery through the messaging bot; failures show here and never block storing. */
    notifications: z.object({ telegram: z.object({ lastSuccessAt: instant.nullable(), lastError: z.string().nullable() }) }),
    /** Facts a source adds about itself (cameras left off the map, failing feeds, …), by source name. */
    sources: z.record(z.string(), z.unknown()),
    /** Credits the sources feeding the map ask for (a source's `attribution` fact), shown on the map. */
    attributions: z.array(z.string()),
    /**
     * The disk holding the data folder: free bytes (for this user), total, and `low` below `lowBelowBytes` (the HUD
     * then says so). Null when it cannot be read.
     */
    disk: z.object({ freeBytes: z.number(), totalBytes: z.number(), low: z.boolean(), lowBelowBytes: z.number() }).nullable(),
  })
  .meta({ id: 'HealthReport' });
export type HealthReport = z.infer<typeof healthReport>;

export const publicHealthReport = z
  .object({
    status: z.enum(['ok', 'degraded']),
    pipelines: z.record(pipelineName, z.object({ stale: z.boolean(), ageSeconds: z.number().nullable() })),
  })
  .strict()
  .meta({ id: 'PublicHealthReport' });
export type PublicHealthReport = z.infer<typeof publicHealthReport>;
