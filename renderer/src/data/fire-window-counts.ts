// Fires in the view over the last hour and day, from the minute rollup (1-degree cells, so approximate at the edges).
import type { ApiClient } from '../api/api-client';
import type { Bbox, PlaybackResult } from '../api/api-types';
import { type FireWindowCounts, windowCountsFrom } from './fire-windows';

export type { FireWindowCounts } from './fire-windows';
export { withLiveFire } from './fire-windows';

const DAY_MS = 86_400_000;

export async function fetchFireWindowCounts(api: ApiClient, bbox: Bbox, signal?: AbortSignal): Promise<FireWindowCounts> {
  const now = Date.now();
  const result = await api.get<PlaybackResult>(
    '/api/playback',
    { from: new Date(now - DAY_MS).toISOString(), to: new Date(now + 60_000).toISOString(), bbox, source: 'fire' },
    signal,
  );
  return windowCountsFrom(result.buckets, now);
}
