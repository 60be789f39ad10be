// What a poll of /api/health puts in place. Polls (every 30 s, up to seconds each under load) and the live socket's
// health ticks (every 15 s) are not ordered: a poll asked before a tick and answered after it would put back the
// older freshness, flashing a feed as stale and counting it as run again. Pure (`.js` specifiers): unit-tested.
import type { HealthReport } from '../api/api-types.js';

/**
 * `ticksWhenAsked`: the live ticks applied when the poll was sent; `ticksNow`: those applied when it answered. A tick
 * since keeps its status and pipelines; the rest of the report (database, bus, keys, credits) is the poll's.
 */
export function healthAfterPoll(current: HealthReport, report: HealthReport, ticksWhenAsked: number, ticksNow: number): HealthReport {
  return ticksNow > ticksWhenAsked ? { ...report, status: current.status, pipelines: current.pipelines } : report;
}
