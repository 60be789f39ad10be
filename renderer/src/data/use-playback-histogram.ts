// The timeline's events per minute in the view: every source's, the fires as the Layers filters leave them
// (playback-counts.ts).
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { PlaybackBucket, PlaybackResult } from '../api/api-types';
import type { MapViewport } from '../map/map-controller';
import { readPlaybackCounts, useFireNarrowing } from './read-playback-counts';
import { type BandCounts, minuteCountsByBand } from './playback-histogram';
import { totalsBySource } from './timeline-total-words';
import type { ViewFilter } from './view-filter';

/** `viewport` is null until the map is ready: the timeline is not on the path to ready. */
export function usePlaybackHistogram(
  api: ApiClient,
  viewport: MapViewport | null,
  from: number,
  end: number,
  minutes: number,
  filter: ViewFilter,
): {
  bands: BandCounts;
  buckets: readonly PlaybackBucket[];
  totals: Partial<Record<PlaybackBucket['source'], number>>;
  error: string | null;
  read: boolean;
} {
  const [result, setResult] = useState<PlaybackResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read again when the fires' narrowing changes, not for the rest of the filter (its time window, the aircraft's).
  const narrowing = useFireNarrowing(filter);

  useEffect(() => {
    if (!viewport) return;
    const abort = new AbortController();
    readPlaybackCounts(api, { from, to: end, bbox: viewport.bbox }, narrowing, abort.signal)
      .then((body) => {
        setResult(body);
        setError(null);
      })
      .catch((failure: Error) => failure.name !== 'AbortError' && setError(failure.message));
    return () => abort.abort();
  }, [api, from, end, viewport, narrowing]);

  const buckets = useMemo(() => result?.buckets ?? [], [result]);
  const bands = useMemo(() => minuteCountsByBand(buckets, from, minutes), [buckets, from, minutes]);
  const totals = useMemo(() => totalsBySource(buckets, from, minutes), [buckets, from, minutes]);
  return { bands, buckets, totals, error, read: result !== null };
}
