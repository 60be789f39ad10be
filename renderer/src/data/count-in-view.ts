// How many of a layer's items the view holds: a point when it lies in the view's bbox, a shape (a polygon, a line) when
// its extent meets the view; nothing placed, none. The Layers tab counts events, alerts and geofences so, live and in
// playback. Pure: unit-tested from Node.
import type { Bbox } from '../api/api-types.js';
import { bboxContains } from '../api/viewport-bbox.js';

export interface Placed {
  geometry: { type: string; coordinates: unknown } | null;
}

/** [west, south, east, north] of every position in nested coordinate arrays, or null when there is none. */
function extent(coordinates: unknown): Bbox | null {
  let box: Bbox | null = null;
  const visit = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [lon, lat] = value as [number, number];
      box = box ? [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)] : [lon, lat, lon, lat];
      return;
    }
    for (const inner of value) visit(inner);
  };
  visit(coordinates);
  return box;
}

/** A shape's extent meets the view's bbox (one that crosses the antimeridian has west > east). */
function meets(shape: Bbox, view: Bbox): boolean {
  const [west, south, east, north] = view;
  if (shape[3] < south || shape[1] > north) return false;
  return west <= east ? shape[2] >= west && shape[0] <= east : shape[2] >= west || shape[0] <= east;
}

export function countInView(items: readonly Placed[], bbox: Bbox | null): number {
  return items.filter((item) => {
    if (!item.geometry) return false;
    if (item.geometry.type === 'Point') {
      const [lon, lat] = item.geometry.coordinates as [number, number];
      return !bbox || bboxContains(bbox, lon, lat);
    }
    // The London view counted a geofence in Australia, where the events and alerts rows count what the view holds.
    // Each part of a multi-shape on its own: a fence across the antimeridian is stored as two polygons, one each side,
    // whose one extent would span the world.
    const parts = item.geometry.type.startsWith('Multi') && Array.isArray(item.geometry.coordinates) ? (item.geometry.coordinates as unknown[]) : [item.geometry.coordinates];
    return parts.some((part) => {
      const shape = extent(part);
      return shape !== null && (!bbox || meets(shape, bbox));
    });
  }).length;
}
