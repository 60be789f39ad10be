// The playback timeline's range and cursor; while live, its end follows the clock; while playing, the cursor moves on.
import { useEffect, useReducer, useRef } from 'react';
import { type PlaybackAction, playbackReducer, playbackStep, type PlaybackTimeline, timelineAt } from './playback-cursor';
import { SLIDING_WINDOW_REFRESH_MS } from './refresh-intervals';
import { MINUTE_MS } from './time-windows';
import { useInterval } from './use-interval';

export interface PlaybackCursor extends PlaybackTimeline {
  minutes: number;
  /** Epoch ms the range starts at. */
  from: number;
  /** Epoch ms of the cursor's minute; null = live. */
  minuteStart: number | null;
  dispatch: (action: PlaybackAction) => void;
}

/**
 * `openAt`: the minute the timeline opens at (the address's; null: live), read once; `rangeHours`: the range it opens
 * in (the Layers tab's window, rangeForWindow), which the caller changes the range to when that changes. `clock`: the
 * instant the timeline ends after (now; for a chosen window that has ended, a moment before its end).
 */
export function usePlaybackCursor(openAt: number | null, rangeHours: number, clock: () => number = Date.now): PlaybackCursor {
  const [timeline, dispatch] = useReducer(playbackReducer, clock(), (now) => timelineAt(openAt, now, rangeHours));
  useInterval(() => dispatch({ type: 'tick', now: clock() }), timeline.cursor === null ? SLIDING_WINDOW_REFRESH_MS : null);
  // The speed holds in wall-clock time even when drawing a minute takes longer than a step: the minutes owed since the
  // last step are added up (fractions carried over).
  const owed = useRef({ at: 0, minutes: 0 });
  useEffect(() => {
    owed.current = { at: performance.now(), minutes: 0 };
  }, [timeline.playing, timeline.speed]);
  useInterval(
    () => {
      const now = performance.now();
      const minutes = owed.current.minutes + ((now - owed.current.at) / 1000) * timeline.speed;
      owed.current = { at: now, minutes: minutes - Math.floor(minutes) };
      if (minutes >= 1) dispatch({ type: 'advance', minutes, now: clock() });
    },
    timeline.playing ? playbackStep(timeline.speed).everyMs : null,
  );
  const minutes = timeline.hours * 60;
  const from = timeline.end - minutes * MINUTE_MS;
  const minuteStart = timeline.cursor === null ? null : from + timeline.cursor * MINUTE_MS;
  return { ...timeline, minutes, from, minuteStart, dispatch };
}
