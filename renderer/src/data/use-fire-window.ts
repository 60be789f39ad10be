// The HUD's fires in the view over the last hour and day, from the minute rollup (1-degree cells, so
// approximate at the edges): read when the map is ready and after each move, every minute as the
// windows slide, and on demand (a reload of the same view); live fires add by acquisition time.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Bbox, PlaybackResult } from '../api/api-types';
import type { MapViewport } from '../map/map-controller';
import { type FireWindowCounts, windowCountsFrom, withLiveFire } from './fire-windows';
import { SLIDING_WINDOW_REFRESH_MS } from './refresh-intervals';
import { MAP_WINDOW_MS, MINUTE_MS } from './time-windows';
import { useInterval } from './use-interval';

async function fetchFireWindowCounts(api: ApiClient, bbox: Bbox, signal: AbortSignal): Promise<FireWindowCounts> {
  const now = Date.now();
  // The range runs a minute past now so the current minute's bucket is in.
  const result = await api.get<PlaybackResult>(
    '/api/playback',
    { from: new Date(now - MAP_WINDOW_MS).toISOString(), to: new Date(now + MINUTE_MS).toISOString(), bbox, source: 'fire' },
    signal,
  );
  return windowCountsFrom(result.buckets, now);
}

export interface FireWindow {
  counts: FireWindowCounts | null;
  /** Reads the counts again for the current view (after a reload that kept the view). */
  refresh: () => void;
  /** A live fire, counted in the windows its acquisition time is in (FIRMS data arrives hours late). */
  addLiveFire: (acquiredAt: string) => void;
}

/** `view` is null until the map is ready: the counts are not on the path to ready and would compete with it. */
export function useFireWindow(api: ApiClient, view: MapViewport | null): FireWindow {
  const [counts, setCounts] = useState<FireWindowCounts | null>(null);
  // Only the newest request may answer: a slow one for an older view is aborted.
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    (bbox: Bbox) => {
      request.current?.abort();
      const abort = new AbortController();
      request.current = abort;
      fetchFireWindowCounts(api, bbox, abort.signal)
        .then((next) => !abort.signal.aborted && setCounts(next))
        .catch(() => !abort.signal.aborted && setCounts(null));
    },
    [api],
  );
  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    if (view) load(view.bbox);
  }, [load, view]);
  useInterval(() => view && load(view.bbox), view ? SLIDING_WINDOW_REFRESH_MS : null);

  const refresh = () => {
    if (view) load(view.bbox);
  };
  const addLiveFire = useCallback((acquiredAt: string) => setCounts((current) => current && withLiveFire(current, acquiredAt, Date.now())), []);
  return { counts, refresh, addLiveFire };
}
