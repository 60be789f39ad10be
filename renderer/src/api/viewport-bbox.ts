// Turns a map's visible bounds into the API's bbox: longitudes wrapped into -180..180, latitudes clamped. Pure (`.js`
// specifiers): unit-tested from Node.
import type { Bbox } from './api-types.js';

/** A longitude within -180..180 (the map's bounds and centre run on past them when it is panned round the world). */
export const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));

export function viewportBbox(west: number, south: number, east: number, north: number): Bbox {
  if (east - west >= 360) return [-180, clampLat(south), 180, clampLat(north)];
  const w = wrap(west);
  let e = wrap(east);
  // A view ending exactly on the antimeridian keeps +180 rather than flipping to -180.
  if (e === -180 && east > west) e = 180;
  return [w, clampLat(south), e, clampLat(north)];
}

export function bboxContains(bbox: Bbox, lon: number, lat: number): boolean {
  const [west, south, east, north] = bbox;
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}
