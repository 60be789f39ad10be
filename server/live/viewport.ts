// Does an event's bounding box fall in a client's viewport? Viewports may cross the antimeridian
// (west > east), as MapLibre reports them once wrapped into -180..180.
import type { Bbox } from '../http/query-params.js';

function lonRanges(box: Bbox): Array<[number, number]> {
  const [west, , east] = box;
  return west <= east ? [[west, east]] : [[west, 180], [-180, east]];
}

export function bboxesIntersect(viewport: Bbox, target: Bbox): boolean {
  const [, south, , north] = viewport;
  const [, targetSouth, , targetNorth] = target;
  if (targetNorth < south || targetSouth > north) return false;
  for (const [a0, a1] of lonRanges(viewport)) {
    for (const [b0, b1] of lonRanges(target)) {
      if (b0 <= a1 && b1 >= a0) return true;
    }
  }
  return false;
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
