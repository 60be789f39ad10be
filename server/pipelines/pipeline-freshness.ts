// Turns stored pipeline outcomes into what health shows: age, staleness and why.
import { PIPELINE_NAMES, PIPELINES, type PipelineName } from './pipeline-registry.js';
import type { PipelineStatusRow } from './pipeline-status-repository.js';
import type { PipelineFreshness } from '../health/health-schemas.js';
import { unreachableIn } from '../http/network-failure.js';

export type { PipelineFreshness };

/** How the job runner records a run that had nothing to do (a source not set up, or switched off). */
export const IDLE_PREFIX = 'idle: ';

/** How the job runner records a failed run none of whose requests reached the source's host (network-failure.ts). */
export const UNREACHABLE_PREFIX = 'unreachable: ';

/** How long after the API starts a feed that never finished a run waits for its first one before it counts as stale. */
export const FIRST_RUN_GRACE_SECONDS = 180;

/**
 * A pipeline is stale when it never succeeded or its last success is older than twice its interval — unless its last
 * run was idle: a source the user has not set up (or switched off) is not a failing feed (the Sources panel says
 * "Off" and why; the HUD stays quiet). `firstRunsDueBy`: until then a pipeline that never finished a run is waiting for
 * its first (the jobs start it at start; a first start said "stale: has not run successfully yet" of every feed in its
 * first seconds); null when no job runs here on its own.
 */
export function describeFreshness(rows: readonly PipelineStatusRow[], now: Date = new Date(), firstRunsDueBy: Date | null = null): Record<PipelineName, PipelineFreshness> {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const result = {} as Record<PipelineName, PipelineFreshness>;
  for (const name of PIPELINE_NAMES) {
    const row = byName.get(name);
    const expected = PIPELINES[name].expectedIntervalSeconds;
    const success = row?.lastSuccessAt ?? null;
    const ageSeconds = success ? Math.max(0, Math.round((now.getTime() - success.getTime()) / 1000)) : null;
    const recorded = row?.lastError ?? null;
    const idle = recorded?.startsWith(IDLE_PREFIX) ?? false;
    const firstRunPending = success === null && recorded === null && firstRunsDueBy !== null && now < firstRunsDueBy;
    const stale = !idle && !firstRunPending && (ageSeconds === null || ageSeconds > 2 * expected);
    const outOfReach = recorded?.startsWith(UNREACHABLE_PREFIX) ?? false;
    const lastError = outOfReach && recorded ? recorded.slice(UNREACHABLE_PREFIX.length) : recorded;
    const unreachable = stale && outOfReach;
    // The last run failed (a success clears the error): said even while the data is within its interval.
    const failing = !idle && lastError !== null;
    let reason: string | null = null;
    if (failing && lastError) {
      reason = outOfReach ? `could not reach ${firstHostIn(lastError) ?? 'its sources'}: ${unreachableIn(lastError)?.words ?? 'no answer'}` : `last run failed: ${hostsOnly(lastError)}`;
    } else if (firstRunPending) {
      reason = 'first run not finished yet';
    } else if (stale) {
      reason = ageSeconds === null ? 'has not run successfully yet' : `last success ${ageSeconds} s ago, expected every ${expected} s`;
    }
    const lastRejected =
      row?.lastRejectedAt && row.lastRejectedReason
        ? { at: row.lastRejectedAt.toISOString(), count: row.lastRejectedCount ?? 0, reason: row.lastRejectedReason }
        : null;
    result[name] = {
      lastSuccessAt: success?.toISOString() ?? null,
      ageSeconds,
      expectedIntervalSeconds: expected,
      stale,
      lastError,
      lastErrorAt: lastError !== null ? (row?.lastErrorAt?.toISOString() ?? null) : null,
      reason,
      unreachable,
      failing,
      firstRunPending,
      rejected: row?.rejected ?? 0,
      lastRejected,
    };
  }
  return result;
}

/**
 * The text with each address cut to its host (and port): a reason is read on one line of the HUD, where a file's
 * whole address took several; the whole error (lastError) keeps them. No credentials of an address reach it.
 */
function hostsOnly(text: string): string {
  return text.replace(ADDRESS, (found) => {
    // Punctuation that ends the sentence, not the address ("…/rss.xml: HTTP 500", "(…/x), retry") stays.
    const [, address = found, trailing = ''] = /^(.*?)([.:,)]*)$/.exec(found) ?? [];
    try {
      return `${new URL(address).host || address}${trailing}`;
    } catch {
      return found;
    }
  });
}

// An address in an error text: up to a space or a semicolon, which join the errors of several requests.
const ADDRESS = /\bhttps?:\/\/[^\s;]+/g;

/** The host (and port) of the first address in an error text (a source's files or queries share their host). */
function firstHostIn(text: string): string | null {
  const address = /\bhttps?:\/\/[^\s;,]+/.exec(text)?.[0];
  if (!address) return null;
  try {
    return new URL(address).host || null;
  } catch {
    return null;
  }
}
