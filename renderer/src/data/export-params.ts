// The export's query for the filter at the moment the map shows: now, or in playback the cursor's minute — the
// fires of the window before it, the aircraft where they were then and the incidents discovered by then (`at`), as
// the map draws that minute. Pure: unit-tested from Node.
import { MINUTE_MS } from './time-windows.js';
import { fireFilterParams, type ViewFilter, windowSpanMs } from './view-filter.js';

/** `playbackMinute`: the cursor's minute (epoch ms), null while live. */
export function exportParams(filter: ViewFilter, playbackMinute: number | null, now: number): Record<string, string> {
  const params = fireFilterParams(filter);
  if (playbackMinute === null) return params;
  const end = playbackMinute + MINUTE_MS;
  return { ...params, since: new Date(end - windowSpanMs(filter, now)).toISOString(), until: new Date(end).toISOString(), at: new Date(end).toISOString() };
}
