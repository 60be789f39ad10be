// Does an event's bounding box fall in a client's viewport? Viewports may cross the antimeridian
// (west > east), as MapLibre reports them once wrapped into -180..180.
import type { Bbox } from '../http/query-params.js';

/** Do the longitude spans [a0, a1] and [b0, b1] overlap, each possibly across the antimeridian (start > end)? */
function lonSpansMeet(a0: number, a1: number, b0: number, b1: number): boolean {
  const aWraps = a0 > a1;
  const bWraps = b0 > b1;
  // Two spans that both cross the antimeridian share it.
  if (aWraps && bWraps) return true;
  if (aWraps) return b1 >= a0 || b0 <= a1;
  if (bWraps) return a1 >= b0 || a0 <= b1;
  return b0 <= a1 && b1 >= a0;
}

export function bboxesIntersect(viewport: Bbox, target: Bbox): boolean {
  if (target[3] < viewport[1] || target[1] > viewport[3]) return false;
  return lonSpansMeet(viewport[0], viewport[2], target[0], target[2]);
}

/** Longitudes outside -180..180 (a map panned round the world) are wrapped back into range. */
export function normaliseViewport(box: readonly [number, number, number, number]): Bbox {
  const [west, south, east, north] = box;
  if (east - west >= 360) return [-180, south, 180, north];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const w = wrap(west);
  const e = wrap(east);
  return [w, south, e === -180 && east > west ? 180 : e, north];
}
