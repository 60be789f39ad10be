// The playback timeline's range and cursor, and where the cursor goes when they change.
// Pure (`.js` specifiers): unit-tested from Node.
import { MINUTE_MS } from './time-windows.js';

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

export interface PlaybackTimeline {
  hours: number;
  /** Epoch ms the range ends at (exclusive). */
  end: number;
  /** null = live; otherwise the minute index on the timeline. */
  cursor: number | null;
}

export type PlaybackAction =
  | { type: 'tick'; now: number }
  | { type: 'range'; hours: number }
  | { type: 'seek'; minute: number }
  | { type: 'live'; now: number };

export function initialTimeline(now: number): PlaybackTimeline {
  return { hours: 6, end: liveEnd(now), cursor: null };
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
      return { ...timeline, cursor: action.minute };
    case 'live':
      return { ...timeline, cursor: null, end: liveEnd(action.now) };
  }
}
