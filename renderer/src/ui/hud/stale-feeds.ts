// The feeds health calls stale, and whether none of them reached its source's host (what every feed says on a
// computer with no network), and those whose last run failed before their data went stale: read alike by the HUD's
// bar and its brief column.
import type { PipelineFreshness } from '../../api/api-types.js';
import { formatAge } from '../../format/time-format.js';

// How the job runner records a run with nothing to do (server/pipelines/pipeline-freshness.ts IDLE_PREFIX).
const IDLE_PREFIX = 'idle: ';

// Health's pipeline names that are the app's own machinery, said as what they do for the analyst.
const FEED_NAMES: Readonly<Record<string, string>> = { ingester: 'live updates', partitions: 'storage upkeep' };

/** A feed's name on screen: health's pipeline name, or what it does when the name is internal ("ingester"). */
export function feedName(pipeline: string): string {
  return FEED_NAMES[pipeline] ?? pipeline;
}

/** Why a feed is off (a source not set up, or switched off), or null when it is not. */
export function offReason(pipeline: PipelineFreshness | undefined): string | null {
  return pipeline?.lastError?.startsWith(IDLE_PREFIX) ? pipeline.lastError.slice(IDLE_PREFIX.length) : null;
}

/**
 * Why a feed has delivered nothing yet (it never succeeded and is not off), or null once it has (or while health is
 * not read, or when it is off: its layer says "Off" and why). A 0 beside it would read as "none there".
 */
export function noDataReason(pipeline: PipelineFreshness | undefined): string | null {
  if (!pipeline || pipeline.lastSuccessAt !== null || offReason(pipeline) !== null) return null;
  if (pipeline.firstRunPending) return 'its first run has not finished yet';
  return pipeline.reason ?? 'it has not run successfully yet';
}

/** One feed in words: stale and why, off (a source not set up) and why, or fresh, how long ago, and a failed last run. */
export function freshnessWords(pipeline: PipelineFreshness): string {
  if (pipeline.stale) return `stale: ${pipeline.reason ?? 'no recent success'}`;
  const off = offReason(pipeline);
  if (off !== null) return `off: ${off}`;
  if (pipeline.firstRunPending) return `starting: ${pipeline.reason ?? 'first run not finished yet'}`;
  return `fresh, ${formatAge(pipeline.ageSeconds)}${pipeline.failing ? `; ${pipeline.reason ?? 'last run failed'}` : ''}`;
}

export function staleFeeds(pipelines: Record<string, PipelineFreshness>): {
  stale: Array<[string, PipelineFreshness]>;
  outOfReach: boolean;
  /** Feeds whose last run failed while their data is still within its interval (not stale yet). */
  failing: Array<[string, PipelineFreshness]>;
  /** Feeds the app started moments ago whose first run has not finished: neither fresh nor stale yet. */
  starting: Array<[string, PipelineFreshness]>;
} {
  const stale = Object.entries(pipelines).filter(([, pipeline]) => pipeline.stale);
  const failing = Object.entries(pipelines).filter(([, pipeline]) => !pipeline.stale && pipeline.failing);
  const starting = Object.entries(pipelines).filter(([, pipeline]) => pipeline.firstRunPending);
  return { stale, outOfReach: stale.length > 0 && stale.every(([, pipeline]) => pipeline.unreachable), failing, starting };
}
