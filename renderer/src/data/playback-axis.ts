// The time axis under the playback timeline: labelled ticks at round local times, spaced for the range.
// Pure (`.js` specifiers): unit-tested from Node.
import { MINUTE_MS } from './time-windows.js';

export interface AxisTick {
  /** Position along the timeline, 0..1. */
  at: number;
  /** Epoch ms of the tick. */
  time: number;
}

/** Minutes between ticks: about six to eight labels whatever the range. */
export function tickSpacingMinutes(rangeMinutes: number): number {
  if (rangeMinutes <= 60) return 10;
  if (rangeMinutes <= 6 * 60) return 60;
  if (rangeMinutes <= 24 * 60) return 180;
  return 720;
}

/**
 * Ticks at whole multiples of the spacing in the local time zone (`offsetMinutes` east of UTC, as the clock on the
 * wall shows it), inside [from, from + minutes).
 */
export function axisTicks(from: number, minutes: number, offsetMinutes: number): AxisTick[] {
  const spacing = tickSpacingMinutes(minutes) * MINUTE_MS;
  const offset = offsetMinutes * MINUTE_MS;
  const end = from + minutes * MINUTE_MS;
  const ticks: AxisTick[] = [];
  for (let time = Math.ceil((from + offset) / spacing) * spacing - offset; time < end; time += spacing) {
    ticks.push({ at: (time - from) / (minutes * MINUTE_MS), time });
  }
  return ticks;
}
