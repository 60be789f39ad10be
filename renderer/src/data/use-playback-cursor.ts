// The playback timeline's range and cursor; while live, its end follows the clock.
import { useReducer } from 'react';
import { initialTimeline, type PlaybackAction, playbackReducer, type PlaybackTimeline } from './playback-cursor';
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

export function usePlaybackCursor(): PlaybackCursor {
  const [timeline, dispatch] = useReducer(playbackReducer, Date.now(), initialTimeline);
  useInterval(() => dispatch({ type: 'tick', now: Date.now() }), timeline.cursor === null ? SLIDING_WINDOW_REFRESH_MS : null);
  const minutes = timeline.hours * 60;
  const from = timeline.end - minutes * MINUTE_MS;
  const minuteStart = timeline.cursor === null ? null : from + timeline.cursor * MINUTE_MS;
  return { ...timeline, minutes, from, minuteStart, dispatch };
}
