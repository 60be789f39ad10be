// Reads the timeline's counts (see playback-counts.ts): /api/playback alone, or while a filter narrows the fires, its
// other sources and /api/fires/timeline under the filter, made one answer.
import { useMemo } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Bbox, EventSourceType, FireTimeline, PlaybackResult } from '../api/api-types';
import { withFires } from './playback-counts';
import { fireNarrowing, type ViewFilter } from './view-filter';

// Every source but fires, each named once (a source added to the server's list fails the type check here).
const OTHER_SOURCES = Object.keys({ camera: true, news: true, aircraft: true, incident: true, alert: true } satisfies Record<Exclude<EventSourceType, 'fire'>, true>);

/** fireNarrowing's answer, the same object while its text stays the same (for a hook's dependencies). */
export function useFireNarrowing(filter: ViewFilter): Record<string, string> {
  const text = JSON.stringify(fireNarrowing(filter));
  return useMemo(() => JSON.parse(text) as Record<string, string>, [text]);
}

export interface PlaybackRange {
  from: number;
  to: number;
  bbox?: Bbox;
}

/**
 * The minute and cell counts of the range, the fires among them under the filter's narrowing (fireNarrowing's);
 * `firesOnly`, the fire detections' alone (the map's past cells, drawn and explained as fire detections).
 */
export async function readPlaybackCounts(api: ApiClient, range: PlaybackRange, narrowing: Record<string, string>, signal: AbortSignal, firesOnly = false): Promise<PlaybackResult> {
  const from = new Date(range.from).toISOString();
  const to = new Date(range.to).toISOString();
  if (firesOnly) {
    if (Object.keys(narrowing).length === 0) return api.get<PlaybackResult>('/api/playback', { from, to, bbox: range.bbox, source: 'fire' }, signal);
    const fires = await api.get<FireTimeline>('/api/fires/timeline', { since: from, until: to, bbox: range.bbox, ...narrowing }, signal);
    return withFires({ from, to, buckets: [], cells: [] }, fires);
  }
  if (Object.keys(narrowing).length === 0) return api.get<PlaybackResult>('/api/playback', { from, to, bbox: range.bbox }, signal);
  const [others, fires] = await Promise.all([
    api.get<PlaybackResult>('/api/playback', { from, to, bbox: range.bbox, source: OTHER_SOURCES.join(',') }, signal),
    api.get<FireTimeline>('/api/fires/timeline', { since: from, until: to, bbox: range.bbox, ...narrowing }, signal),
  ]);
  return withFires(others, fires);
}
