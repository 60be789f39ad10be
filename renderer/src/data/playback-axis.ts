// The time axis under the playback timeline: labelled ticks at round local times, spaced for the range.
// Pure (`.js` specifiers): unit-tested from Node.
import { HOUR_MS, MINUTE_MS } from './time-windows.js';

const DAY_MS = 24 * HOUR_MS;

export interface AxisTick {
  /** Position along the timeline, 0..1. */
  at: number;
  /** Epoch ms of the tick. */
  time: number;
  /** Midnight on the wall clock: labelled with its day rather than "00:00", so the axis says where a day begins. */
  startsDay: boolean;
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
    ticks.push({ at: (time - from) / (minutes * MINUTE_MS), time, startsDay: (time + offset) % DAY_MS === 0 });
  }
  return ticks;
}
