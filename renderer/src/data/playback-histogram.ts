// Playback buckets (per minute and source) → counts per minute of the range by band, zeros included, and the strip's bars:
// the fire detections' above, the placed events' (news stories, then the rest) in a lane along the foot, each on its
// own scale, so a minute's one news story shows beside a minute's hundreds of fires. Pure: unit-tested from Node.
import type { PlaybackBucket } from '../api/api-types.js';
import { MINUTE_MS } from './time-windows.js';

/** What a bar of the strip is of: fire detections, news stories, or the other placed events (cameras found, alerts…). */
export type TimelineBand = 'fire' | 'news' | 'other';
export type BandCounts = Record<TimelineBand, number[]>;

const bandOf = (source: PlaybackBucket['source']): TimelineBand => (source === 'fire' ? 'fire' : source === 'news' ? 'news' : 'other');

export function minuteCountsByBand(buckets: readonly PlaybackBucket[], fromMs: number, minutes: number): BandCounts {
  const counts: BandCounts = { fire: new Array<number>(minutes).fill(0), news: new Array<number>(minutes).fill(0), other: new Array<number>(minutes).fill(0) };
  for (const bucket of buckets) {
    const index = Math.floor((new Date(bucket.minute).getTime() - fromMs) / MINUTE_MS);
    if (index >= 0 && index < minutes) counts[bandOf(bucket.source)][index]! += bucket.count;
  }
  return counts;
}

/**
 * Minutes a bar of the strip holds: one up to 24 h; over a longer range as many as keep a bar about as wide as a
 * minute's over 24 h (72 h: 3, 7 days: 7), so that a bar stays a pixel wide on the strip and the pointer is over
 * what a bar counts (a pixel of a 7-day strip spans 8 minutes: the minute under it was mostly not the drawn bar's).
 */
export function minutesPerBar(minutes: number): number {
  return Math.max(1, Math.ceil(minutes / (24 * 60)));
}

/** Each band's counts summed over runs of `perBar` minutes (the last run may be shorter). */
export function countsPerBar(counts: BandCounts, perBar: number): BandCounts {
  if (perBar <= 1) return counts;
  const sum = (values: number[]) => Array.from({ length: Math.ceil(values.length / perBar) }, (_, bar) => values.slice(bar * perBar, (bar + 1) * perBar).reduce((total, count) => total + count, 0));
  return { fire: sum(counts.fire), news: sum(counts.news), other: sum(counts.other) };
}

/** The events' lane at the strip's foot, as a share of its height (when there are events to show). */
export const EVENT_LANE_SHARE = 0.3;
// Between the fires' bars and the lane, in the strip's units.
const LANE_GAP = 2;

interface Bar {
  index: number;
  bottom: number;
  height: number;
}

function barsPath(bars: readonly Bar[], barWidth: number): string {
  const width = Math.max(0.8, barWidth - 0.3).toFixed(2);
  return bars.map(({ index, bottom, height }) => `M${(index * barWidth).toFixed(2)},${bottom.toFixed(2)}h${width}v${(-height).toFixed(2)}h-${width}Z`).join('');
}

/** A bar's height on a square-root scale (quiet minutes show), at least one unit. */
const scaled = (count: number, max: number, room: number) => Math.max(1, Math.sqrt(count / max) * room);

/**
 * One SVG path per band (cheaper than hundreds of rects), a bar per entry of the counts (minutes or runs of them). Fires fill the strip above the lane; the lane stacks each
 * minute's news stories under its other events on the events' own scale. Without events the fires have the whole
 * height.
 */
export function histogramPaths(counts: BandCounts, width: number, height: number): Record<TimelineBand, string> {
  const minutes = counts.fire.length;
  const barWidth = width / Math.max(1, minutes);
  const events = counts.news.map((count, index) => count + counts.other[index]!);
  const eventMax = Math.max(0, ...events);
  const lane = eventMax > 0 ? height * EVENT_LANE_SHARE : 0;
  const fireBottom = eventMax > 0 ? height - lane - LANE_GAP : height;
  const fireMax = Math.max(1, ...counts.fire);
  const fire: Bar[] = [];
  const news: Bar[] = [];
  const other: Bar[] = [];
  for (let index = 0; index < minutes; index += 1) {
    const fires = counts.fire[index]!;
    if (fires > 0) fire.push({ index, bottom: fireBottom, height: scaled(fires, fireMax, fireBottom) });
    const total = events[index]!;
    if (total === 0) continue;
    const stack = scaled(total, eventMax, lane);
    const newsHeight = (stack * counts.news[index]!) / total;
    if (newsHeight > 0) news.push({ index, bottom: height, height: newsHeight });
    if (stack - newsHeight > 0) other.push({ index, bottom: height - newsHeight, height: stack - newsHeight });
  }
  return { fire: barsPath(fire, barWidth), news: barsPath(news, barWidth), other: barsPath(other, barWidth) };
}
