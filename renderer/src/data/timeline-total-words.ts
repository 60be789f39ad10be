// What the timeline's total says: the recorded events in the view by what they are ("1,850 fire
// detections and 17 news stories in 6 h"), not "1,867 events" beside a Layers tab whose News & events row (cameras and news
// on the map, fires having their own layer) read 0. Pure (`.js` specifiers): unit-tested from Node.
import type { PlaybackBucket } from '../api/api-types.js';
import { rangeWords } from './playback-cursor.js';

type Source = PlaybackBucket['source'];

// Each source's records in words, one and many, in the order they are said.
const SOURCE_WORDS: ReadonlyArray<[Source, string, string]> = [
  ['fire', 'fire detection', 'fire detections'],
  ['news', 'news story', 'news stories'],
  ['camera', 'camera', 'cameras'],
  ['aircraft', 'aircraft event', 'aircraft events'],
  ['incident', 'incident event', 'incident events'],
  ['alert', 'alert', 'alerts'],
];

const LIST = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The buckets' counts by source, within [fromMs, fromMs + minutes). */
export function totalsBySource(buckets: readonly PlaybackBucket[], fromMs: number, minutes: number): Partial<Record<Source, number>> {
  const endMs = fromMs + minutes * 60_000;
  const totals: Partial<Record<Source, number>> = {};
  for (const bucket of buckets) {
    const at = Date.parse(bucket.minute);
    if (at >= fromMs && at < endMs) totals[bucket.source] = (totals[bucket.source] ?? 0) + bucket.count;
  }
  return totals;
}

/**
 * "1,850 fire detections and 17 news stories in 6 h in view" ("in 7 days" over a week); "No fire detections or news
 * in 6 h in view"
 * for none (not "Nothing recorded": the aircraft and incidents drawn meanwhile are not in these counts). `mapWindow`:
 * the map's own window when the timeline spans another ("last 24 h"), said after: "4 fire detections in 1 h in view"
 * beside a map and HUD of 300 read as a contradiction, as "66 … in 24 h" beside the 6 h window's 23.
 */
export function timelineTotalWords(totals: Partial<Record<Source, number>>, hours: number, firesFiltered: boolean, mapWindow: string | null = null): string {
  const filtered = firesFiltered ? ' · fires filtered' : '';
  const map = mapWindow === null ? '' : ` · the map shows the ${mapWindow}`;
  return `${recordedWords(totals) ?? 'No fire detections or news'} in ${rangeWords(hours)} in view${filtered}${map}`;
}

/** "3 fire detections and 1 news story"; null for none. */
export function recordedWords(totals: Partial<Record<Source, number>>): string | null {
  const parts = SOURCE_WORDS.flatMap(([source, one, many]) => {
    const count = totals[source] ?? 0;
    return count > 0 ? [`${count.toLocaleString('en')} ${count === 1 ? one : many}`] : [];
  });
  return parts.length > 0 ? LIST.format(parts) : null;
}

/** What the strip holds at the minute under the pointer: "14:07 UTC: 3 fire detections and 1 news story". */
export function minuteHoverWords(minuteLabel: string, totals: Partial<Record<Source, number>>): string {
  return `${minuteLabel}: ${recordedWords(totals) ?? 'no fire detections or news'}`;
}
