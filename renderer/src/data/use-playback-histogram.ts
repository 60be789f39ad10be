// The timeline's events per minute in the view, from /api/playback (all sources).
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { PlaybackResult } from '../api/api-types';
import type { MapViewport } from '../map/map-controller';
import { minuteCounts } from './playback-histogram';

/** `viewport` is null until the map is ready: the timeline is not on the path to ready. */
export function usePlaybackHistogram(api: ApiClient, viewport: MapViewport | null, from: number, end: number, minutes: number): { counts: number[]; error: string | null } {
  const [result, setResult] = useState<PlaybackResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!viewport) return;
    const abort = new AbortController();
    api
      .get<PlaybackResult>('/api/playback', { from: new Date(from).toISOString(), to: new Date(end).toISOString(), bbox: viewport.bbox }, abort.signal)
      .then((body) => {
        setResult(body);
        setError(null);
      })
      .catch((failure: Error) => failure.name !== 'AbortError' && setError(failure.message));
    return () => abort.abort();
  }, [api, from, end, viewport]);

  const counts = useMemo(() => minuteCounts(result?.buckets ?? [], from, minutes), [result, from, minutes]);
  return { counts, error };
}
