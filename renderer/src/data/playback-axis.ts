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
  if (rangeMinutes <= 72 * 60) return 720;
  return 24 * 60;
}

/** Minutes east of UTC that the wall clock shows at an instant (epoch ms); a number for a zone that never changes. */
export type WallClockOffset = number | ((epochMs: number) => number);

/**
 * Ticks at whole multiples of the spacing on the wall clock of the local time zone, inside [from, from + minutes).
 * The offset is read at each tick: across a daylight-saving change the ticks after it fall on round local times as
 * well (one offset for the whole range put every label after the change an hour off, midnight's too), a local time
 * the clock skips has no tick, and one it shows twice has two.
 */
export function axisTicks(from: number, minutes: number, offsetMinutes: WallClockOffset): AxisTick[] {
  const offsetAt = typeof offsetMinutes === 'number' ? () => offsetMinutes * MINUTE_MS : (time: number) => offsetMinutes(time) * MINUTE_MS;
  const spacing = tickSpacingMinutes(minutes) * MINUTE_MS;
  const end = from + minutes * MINUTE_MS;
  // Every offset the range's wall clock takes: changes are hours apart, so reading it on each hour finds them all.
  const offsets = new Set<number>([offsetAt(from), offsetAt(end)]);
  for (let time = from; time < end; time += HOUR_MS) offsets.add(offsetAt(time));
  const wallTimes = [...offsets].flatMap((offset) => [from + offset, end + offset]);
  const ticks: AxisTick[] = [];
  for (let wall = Math.ceil(Math.min(...wallTimes) / spacing) * spacing; wall < Math.max(...wallTimes); wall += spacing) {
    // The instants whose wall clock reads `wall`: none in a skipped hour, two in a repeated one.
    for (const offset of offsets) {
      const time = wall - offset;
      if (time < from || time >= end || offsetAt(time) !== offset) continue;
      ticks.push({ at: (time - from) / (minutes * MINUTE_MS), time, startsDay: wall % DAY_MS === 0 });
    }
  }
  return ticks.sort((a, b) => a.time - b.time);
}
