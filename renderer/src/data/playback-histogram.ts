// Playback buckets (per minute and source) → one count per minute of the range, zeros included.
import type { PlaybackBucket } from '../api/api-types';
import { MINUTE_MS } from './time-windows';

export function minuteCounts(buckets: readonly PlaybackBucket[], fromMs: number, minutes: number): number[] {
  const counts = new Array<number>(minutes).fill(0);
  for (const bucket of buckets) {
    const index = Math.floor((new Date(bucket.minute).getTime() - fromMs) / MINUTE_MS);
    if (index >= 0 && index < minutes) counts[index] = (counts[index] ?? 0) + bucket.count;
  }
  return counts;
}

/** One SVG path of bars (cheaper than hundreds of rects), heights on a square-root scale so quiet minutes show. */
export function histogramPath(counts: readonly number[], width: number, height: number): string {
  const max = Math.max(1, ...counts);
  const barWidth = width / Math.max(1, counts.length);
  let path = '';
  counts.forEach((count, index) => {
    if (count === 0) return;
    const barHeight = Math.max(1, Math.sqrt(count / max) * height);
    const x = index * barWidth;
    path += `M${x.toFixed(2)},${height}h${Math.max(0.8, barWidth - 0.3).toFixed(2)}v${(-barHeight).toFixed(2)}h${(-Math.max(0.8, barWidth - 0.3)).toFixed(2)}Z`;
  });
  return path;
}

