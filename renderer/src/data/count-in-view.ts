// How many of a layer's items the view holds: a point when it lies in the view's bbox, anything else drawn (a polygon,
// a line) wherever it is; nothing placed, none. The Layers tab counts events and alerts so, live and in playback.
import type { Bbox } from '../api/api-types';
import { bboxContains } from '../api/viewport-bbox';

export interface Placed {
  geometry: { type: string; coordinates: unknown } | null;
}

export function countInView(items: readonly Placed[], bbox: Bbox | null): number {
  return items.filter((item) => {
    if (item.geometry?.type !== 'Point') return item.geometry !== null;
    const [lon, lat] = item.geometry.coordinates as [number, number];
    return !bbox || bboxContains(bbox, lon, lat);
  }).length;
}
