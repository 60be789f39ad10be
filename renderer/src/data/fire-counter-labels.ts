// What the HUD's two fire counters are labelled with, in a few words (a counter's label takes one line). Live: the
// window as the Layers tab names it ("last 24 h"), or a chosen one by its span ("chosen 30 h", its ends spelled out
// beside the counters; "chosen 30 h so far" while it runs on past now), and its last hour. In playback they count the window that ends with the cursor's minute, and say so ("24 h to
// 23 Nov 21:33 UTC", its day too: in California that minute is the evening before; the last hour's counter beside it
// gives the minute alone): "last 24 h" over a count of yesterday's fires would be wrong. Pure (`.js` specifiers): unit-tested.
import { formatShortUtc } from '../format/time-format.js';
import { countsLastHourAt } from './fire-windows.js';
import { MINUTE_MS } from './time-windows.js';
import { hasChosenWindow, presetWindowLabel, type ViewFilter, windowSpanMs } from './view-filter.js';

export interface FireCounterLabels {
  /** After "Fires in view · ". */
  window: string;
  /** Null when no last hour is counted (a chosen window in the past, a window of an hour or less): no such counter. */
  lastHour: string | null;
}

/** A span in the fewest words: "45 min", "6 h", "1.5 h", "7 days". */
export function spanWords(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  if (minutes > 72 * 60 && minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} days`;
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}

export function fireCounterLabels(filter: ViewFilter, playbackMinute: number | null, now: number): FireCounterLabels {
  const hour = countsLastHourAt(filter, playbackMinute, now);
  if (playbackMinute === null) {
    // A chosen window still running counts its part up to now, and says so: its ends beside it name the whole window.
    const soFar = filter.to !== null && filter.to > now ? ' so far' : '';
    return { window: hasChosenWindow(filter) ? `chosen ${spanWords(windowSpanMs(filter, now))}${soFar}` : presetWindowLabel(filter), lastHour: hour ? 'Last 1 h' : null };
  }
  const to = `${new Date(playbackMinute).toISOString().slice(11, 16)} UTC`;
  return { window: `${spanWords(windowSpanMs(filter, now))} to ${formatShortUtc(new Date(playbackMinute))}`, lastHour: hour ? `1 h to ${to}` : null };
}

/** How far the fire counts may trail the playback cursor before they are shown as behind it: a few steps of a fast play. */
const COUNTS_BEHIND_MS = 10 * 60_000;

/**
 * The fire counts are of a playback minute well away from the cursor's (playing at 1 h/s, each count lands when the
 * cursor is an hour on): the HUD dims them, its label naming their minute. Live, or a step or two behind, they are not.
 */
export function countsBehindCursor(playbackMinute: number | null, countsMinute: number | null): boolean {
  return playbackMinute !== null && countsMinute !== null && Math.abs(playbackMinute - countsMinute) > COUNTS_BEHIND_MS;
}
