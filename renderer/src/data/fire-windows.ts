// The HUD's hour and day fire windows: sums of minute buckets, and live fires added by acquisition time.
// No imports: pure, and unit-tested from Node.
export interface FireWindowCounts {
  lastHour: number;
  lastDay: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Sums the minute buckets into the two windows ending at `now`. */
export function windowCountsFrom(buckets: ReadonlyArray<{ minute: string; count: number }>, now: number): FireWindowCounts {
  let lastHour = 0;
  let lastDay = 0;
  for (const bucket of buckets) {
    const minute = new Date(bucket.minute).getTime();
    if (minute < now - DAY_MS) continue;
    lastDay += bucket.count;
    if (minute >= now - HOUR_MS) lastHour += bucket.count;
  }
  return { lastHour, lastDay };
}

/** A live fire counts in a window only if it was acquired inside it (FIRMS data arrives hours late). */
export function withLiveFire(counts: FireWindowCounts, acquiredAt: string, now: number): FireWindowCounts {
  const acquired = new Date(acquiredAt).getTime();
  if (!Number.isFinite(acquired) || acquired > now + 60_000) return counts;
  return {
    lastHour: counts.lastHour + (acquired >= now - HOUR_MS ? 1 : 0),
    lastDay: counts.lastDay + (acquired >= now - DAY_MS ? 1 : 0),
  };
}
