// Asks where the nearest fire detection is while the view holds none (live, the fires layer shown): the note on the
// map says so and goes there. Asked again when the view's centre or the filter changes; an answer for an older view
// is not let land.
import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { NearestFire } from '../api/api-types';
import { wrap } from '../api/viewport-bbox';
import type { MapViewport } from '../map/map-controller';
import { fireFilterParams, type ViewFilter } from './view-filter';

/**
 * The answer for the view and filter, or while the next is read the one before (a pan does not blink it away); null
 * until the first comes, when not asked, or when the read failed. `fetchedAt`: when the fires were last fetched (health's
 * `lastSuccessAt`), so that a map left in place asks again once new detections are in.
 */
export function useNearestFire(api: ApiClient, viewport: MapViewport | null, filter: ViewFilter, ask: boolean, fetchedAt: string | null): NearestFire | null {
  const [answer, setAnswer] = useState<{ scope: string; body: NearestFire } | null>(null);
  // What the read depends on: the centre (to about 100 m), and its scope, the filter's parameters and the fires' last
  // fetch (an answer of another scope is not shown while the next is read: its words would belie the filter).
  const scope = JSON.stringify([fireFilterParams(filter), fetchedAt]);
  const key = ask && viewport ? JSON.stringify([viewport.center.map((degrees) => degrees.toFixed(3)), scope]) : null;
  const read = useEffectEvent((signal: AbortSignal) => {
    if (!viewport) return;
    const [longitude, latitude] = viewport.center;
    api
      .get<NearestFire>('/api/fires/nearest', { near: `${wrap(longitude).toFixed(5)},${latitude.toFixed(5)}`, ...fireFilterParams(filter) }, signal)
      .then((body) => !signal.aborted && setAnswer({ scope, body }))
      .catch(() => undefined);
  });
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    read(abort.signal);
    return () => abort.abort();
  }, [key]);
  return key !== null && answer !== null && answer.scope === scope ? answer.body : null;
}
