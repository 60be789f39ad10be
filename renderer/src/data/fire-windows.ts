// The HUD's hour and day fire windows: sums of minute buckets, and live fires added by acquisition time.
// Pure (`.js` specifiers): unit-tested from Node.
import { HOUR_MS, MAP_WINDOW_MS, MINUTE_MS } from './time-windows.js';

export interface FireWindowCounts {
  lastHour: number;
  lastDay: number;
}

/** Sums the minute buckets into the two windows ending at `now`. */
export function windowCountsFrom(buckets: ReadonlyArray<{ minute: string; count: number }>, now: number): FireWindowCounts {
  let lastHour = 0;
  let lastDay = 0;
  for (const bucket of buckets) {
    const minute = new Date(bucket.minute).getTime();
    if (minute < now - MAP_WINDOW_MS) continue;
    lastDay += bucket.count;
    if (minute >= now - HOUR_MS) lastHour += bucket.count;
  }
  return { lastHour, lastDay };
}

/** A live fire counts in a window only if it was acquired inside it (FIRMS data arrives hours late). */
export function withLiveFire(counts: FireWindowCounts, acquiredAt: string, now: number): FireWindowCounts {
  const acquired = new Date(acquiredAt).getTime();
  // A fire dated more than a minute ahead of this clock is unreadable, not recent.
  if (!Number.isFinite(acquired) || acquired > now + MINUTE_MS) return counts;
  return {
    lastHour: counts.lastHour + (acquired >= now - HOUR_MS ? 1 : 0),
    lastDay: counts.lastDay + (acquired >= now - MAP_WINDOW_MS ? 1 : 0),
  };
}
