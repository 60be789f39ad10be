// The playback timeline's range and cursor, and where the cursor goes when they change.
// Pure (`.js` specifiers): unit-tested from Node.
import { HOUR_MS, MINUTE_MS } from './time-windows.js';

export function floorToMinute(time: number): number {
  return Math.floor(time / MINUTE_MS) * MINUTE_MS;
}

/** While live, the timeline ends after the current minute (so it is in). */
export function liveEnd(now: number): number {
  return floorToMinute(now) + MINUTE_MS;
}

/**
 * The cursor after the range changes (the range ends at the same minute): the same minute when it is
 * still inside the new range, else the nearest end of it — never a minute past the range (the future).
 */
export function cursorForRange(cursor: number | null, oldMinutes: number, newMinutes: number): number | null {
  if (cursor === null) return null;
  const minutesBeforeEnd = oldMinutes - cursor;
  return Math.min(newMinutes - 1, Math.max(0, newMinutes - minutesBeforeEnd));
}

/** A shorter range leaves the cursor's minute out (further back than it reaches): the cursor goes to its start. */
export function rangeMovesCursor(cursor: number | null, oldMinutes: number, newMinutes: number): boolean {
  return cursor !== null && newMinutes - (oldMinutes - cursor) < 0;
}

/**
 * The timeline's ranges, hours back from now: the Layers tab's windows (the 72 h and 7 days ones were played as their
 * last 24 h), the longest as far back as playback goes (the server's PLAYBACK_MAX_HOURS default).
 */
export const PLAYBACK_RANGE_HOURS = [1, 6, 24, 72, 168] as const;
const LONGEST_RANGE_HOURS = Math.max(...PLAYBACK_RANGE_HOURS);
/** The ranges always on offer; a longer one is offered when the window or the range in use is as long. */
const SHORT_RANGES_UP_TO = 24;

/** "24 h"; a whole number of days over 72 h as days ("7 d"): a range's button. */
export function rangeLabel(hours: number): string {
  return hours > 72 && hours % 24 === 0 ? `${hours / 24} d` : `${hours} h`;
}

/** "24 h"; "7 days": a range in a sentence. */
export function rangeWords(hours: number): string {
  return hours > 72 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} h`;
}

/**
 * The ranges the strip offers: up to 24 h always (a shorter look at the latest part of the window, or a day around a
 * shorter one), the 72 h and 7 days only when the window (`windowRange`, rangeForWindow's) or the range in use (a
 * link's minute further back) is as long: five buttons crowded the row, and a 7-day strip under a 24 h window would
 * play days the map does not show.
 */
export function rangesOffered(windowRange: number, hours: number): number[] {
  const longest = Math.max(SHORT_RANGES_UP_TO, windowRange, hours);
  return PLAYBACK_RANGE_HOURS.filter((range) => range <= longest);
}

/**
 * The range that shows a time window (its span, ms) whole: the shortest that holds it, the longest when none does.
 * The timeline opens at the Layers tab's window and follows it when it changes, so the strip and the HUD's counters
 * speak of the same hours (a 6 h strip read "no fire detections" under a counter of 8 fires in the last 24 h).
 */
export function rangeForWindow(spanMs: number): number {
  return PLAYBACK_RANGE_HOURS.find((hours) => hours * HOUR_MS >= spanMs) ?? LONGEST_RANGE_HOURS;
}

/**
 * Playback speeds, in timeline minutes per second of real time. None past 1 h/s: the map reads its window again each
 * hour the cursor passes (playbackReachStart), and at 6 h/s (36 minutes a step) that was most steps, 6 times a second.
 */
export const PLAYBACK_SPEEDS = [1, 4, 10, 60] as const;

/** "10 min/s", "1 h/s", "6 h/s". */
export function speedLabel(speed: PlaybackSpeed): string {
  return speed >= 60 ? `${speed / 60} h/s` : `${speed} min/s`;
}
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** How often a playing timeline advances, and by how many minutes, at a speed (at most 10 steps a second). */
export function playbackStep(speed: PlaybackSpeed): { everyMs: number; minutes: number } {
  const stepsPerSecond = Math.min(speed, 10);
  return { everyMs: 1000 / stepsPerSecond, minutes: speed / stepsPerSecond };
}

export interface PlaybackTimeline {
  hours: number;
  /** Epoch ms the range ends at (exclusive). */
  end: number;
  /** null = live; otherwise the minute index on the timeline. */
  cursor: number | null;
  playing: boolean;
  speed: PlaybackSpeed;
}

export type PlaybackAction =
  | { type: 'tick'; now: number }
  | { type: 'range'; hours: number }
  | { type: 'seek'; minute: number }
  | { type: 'live'; now: number }
  /** Minutes forward (positive) or back; from live, back from the last minute. Forward past the last minute is live
   * (`now` starts it), as a played timeline is; forward from live stays live. */
  | { type: 'step'; minutes: number; now: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'speed'; speed: PlaybackSpeed }
  /** A playing timeline moves on by whole minutes (as many as the time since the last step gives at its speed); played
   * past its last minute, it is live again. */
  | { type: 'advance'; minutes: number; now: number };

export function initialTimeline(now: number, hours: number): PlaybackTimeline {
  return { hours, end: liveEnd(now), cursor: null, playing: false, speed: 10 };
}

/**
 * The timeline a link or a reload opens at a minute (the address's, epoch ms; null: live): paused there, in the
 * given range (rangeForWindow's) when it holds the minute, else the shortest longer one. A minute still to come, or
 * further back than the longest range, cannot be shown: live.
 */
export function timelineAt(minute: number | null, now: number, rangeHours: number): PlaybackTimeline {
  const live = initialTimeline(now, rangeHours);
  if (minute === null || !Number.isFinite(minute)) return live;
  const minutesBeforeEnd = (live.end - floorToMinute(minute)) / MINUTE_MS;
  if (minutesBeforeEnd < 1) return live;
  const hours = PLAYBACK_RANGE_HOURS.find((range) => range >= rangeHours && range * 60 >= minutesBeforeEnd);
  if (hours === undefined) return live;
  return { ...live, hours, cursor: hours * 60 - minutesBeforeEnd };
}

function clampMinute(minute: number, minutes: number): number {
  return Math.min(minutes - 1, Math.max(0, Math.round(minute)));
}

export function playbackReducer(timeline: PlaybackTimeline, action: PlaybackAction): PlaybackTimeline {
  switch (action.type) {
    case 'tick':
      // While live, the end follows the clock; a chosen minute stays where it is.
      return timeline.cursor === null ? { ...timeline, end: liveEnd(action.now) } : timeline;
    case 'range':
      // The range ends where it did: the cursor keeps its minute when that is still inside, else the nearest end.
      return { ...timeline, hours: action.hours, cursor: cursorForRange(timeline.cursor, timeline.hours * 60, action.hours * 60) };
    case 'seek':
      return { ...timeline, cursor: clampMinute(action.minute, timeline.hours * 60) };
    case 'live':
      return { ...timeline, cursor: null, end: liveEnd(action.now), playing: false };
    case 'step': {
      const last = timeline.hours * 60 - 1;
      // Forward from now is still now: it left live for the current minute and froze the map there.
      if (action.minutes > 0 && timeline.cursor === null) return timeline;
      // Past the last minute, or onto it while the range still ends with the current minute (−1 then +1 from live):
      // live, not the minute under way frozen.
      const to = timeline.cursor === null ? null : timeline.cursor + action.minutes;
      if (action.minutes > 0 && to !== null && (to > last || (to === last && timeline.end === liveEnd(action.now)))) return { ...timeline, cursor: null, end: liveEnd(action.now), playing: false };
      const from = timeline.cursor ?? last;
      return { ...timeline, cursor: clampMinute(from + action.minutes, timeline.hours * 60), playing: false };
    }
    case 'play': {
      // From live, or from the last minute, play the whole range from its start.
      const last = timeline.hours * 60 - 1;
      const cursor = timeline.cursor === null || timeline.cursor >= last ? 0 : timeline.cursor;
      return { ...timeline, cursor, playing: true };
    }
    case 'pause':
      return { ...timeline, playing: false };
    case 'speed':
      return { ...timeline, speed: action.speed };
    case 'advance': {
      if (!timeline.playing || timeline.cursor === null) return timeline;
      const last = timeline.hours * 60 - 1;
      const cursor = timeline.cursor + Math.max(0, Math.floor(action.minutes));
      // The last minute is shown for a step, then the map is live: the recording has caught up with the present.
      if (cursor > last && timeline.cursor === last) return { ...timeline, cursor: null, end: liveEnd(action.now), playing: false };
      return { ...timeline, cursor: Math.min(last, cursor) };
    }
  }
}
