// The HUD's fire counts in view: every fire of the filter's window, and those of the last hour, as the server
// counts them (GET /api/fires/count with the filter's parameters); live fires added by acquisition time.
// Pure (`.js` specifiers): unit-tested from Node.
import { HOUR_MS, MINUTE_MS } from './time-windows.js';
import { type ViewFilter, windowRange, windowSpanMs } from './view-filter.js';

export interface FireWindowCounts {
  /** Fires in view in the filter's window. */
  inWindow: number;
  /** Those of the last hour; null when the window does not reach into the last hour (a custom window in the past). */
  lastHour: number | null;
}

/** Whether the last hour is a part of the window worth its own count (a window of an hour or less is that hour). */
export function countsLastHour(filter: ViewFilter, now: number): boolean {
  const { since, until } = windowRange(filter, now);
  return until === null && now - since > HOUR_MS;
}

/**
 * Whether the HUD counts a last hour: live, as `countsLastHour` says; in playback (`minuteStart` the cursor's minute),
 * when the window ending there is longer than an hour. Known from the filter alone, so the counter is laid out (or
 * not) from the first frame, not added and then taken away when the first count answers.
 */
export function countsLastHourAt(filter: ViewFilter, minuteStart: number | null, now: number): boolean {
  return minuteStart === null ? countsLastHour(filter, now) : windowSpanMs(filter, now) > HOUR_MS;
}

/** A live fire counts in a window only if it was acquired inside it (FIRMS data arrives hours late). */
export function withLiveFire(counts: FireWindowCounts, acquiredAt: string, filter: ViewFilter, now: number): FireWindowCounts {
  const acquired = new Date(acquiredAt).getTime();
  // A fire dated more than a minute ahead of this clock is unreadable, not recent.
  if (!Number.isFinite(acquired) || acquired > now + MINUTE_MS) return counts;
  const { since, until } = windowRange(filter, now);
  if (acquired < since || (until !== null && acquired >= until)) return counts;
  return {
    inWindow: counts.inWindow + 1,
    lastHour: counts.lastHour === null ? null : counts.lastHour + (acquired >= now - HOUR_MS ? 1 : 0),
  };
}
