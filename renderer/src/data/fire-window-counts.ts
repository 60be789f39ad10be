// Fires in the view over the last hour and day, from the minute rollup (1-degree cells, so approximate at the edges).
import type { ApiClient } from '../api/api-client';
import type { Bbox, PlaybackResult } from '../api/api-types';

export interface FireWindowCounts {
  lastHour: number;
  lastDay: number;
}

export async function fetchFireWindowCounts(api: ApiClient, bbox: Bbox, signal?: AbortSignal): Promise<FireWindowCounts> {
  const now = Date.now();
  const result = await api.get<PlaybackResult>(
    '/api/playback',
    { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 60_000).toISOString(), bbox, source: 'fire' },
    signal,
  );
  const hourAgo = now - 3_600_000;
  let lastHour = 0;
  let lastDay = 0;
  for (const bucket of result.buckets) {
    lastDay += bucket.count;
    if (new Date(bucket.minute).getTime() >= hourAgo) lastHour += bucket.count;
  }
  return { lastHour, lastDay };
}
