// A geofence as the client sends it: GeoJSON Polygon or MultiPolygon, checked before PostGIS sees it.
import { z } from 'zod';
import { safeText } from '../http/safe-text.js';

export const MAX_FENCE_VERTICES = 10_000;

// Longitudes up to ±540 let a fence drawn across the antimeridian keep going (170 → 190).
// GeoJSON allows more coordinates after x,y (altitude in metres, then anything). Vantage fences are 2-D
// (the fence SQL answered a fence with a z value with a data error, SQLSTATE 22023), so extra values are
// dropped, but only after each was found finite and a plausible height, ±100 km (above the Kármán line,
// below the deepest trench), and there were at most two of them (x,y,z,m).
export const MAX_EXTRA_COORDINATE = 100_000;
const position = z
  .tuple([z.number().min(-540).max(540), z.number().min(-90).max(90)])
  .rest(z.number().min(-MAX_EXTRA_COORDINATE).max(MAX_EXTRA_COORDINATE))
  .refine((coordinates) => coordinates.length <= 4, 'a position has at most 4 coordinates (x, y, z, m)')
  .transform(([longitude, latitude]): [number, number] => [longitude, latitude]);
const ring = z
  .array(position)
  .min(4, 'a ring needs at least 4 positions')
  .refine((points) => {
    const first = points[0];
    const last = points[points.length - 1];
    return Boolean(first && last && first[0] === last[0] && first[1] === last[1]);
  }, 'a ring must be closed (first position = last position)');
const polygon = z.array(ring).min(1, 'a polygon needs an outer ring').max(100);

export const geofenceGeometry = z
  .discriminatedUnion('type', [
    // Strict: a member Vantage does not read (crs, bbox, a NUL-named key) is refused, not passed on to PostGIS.
    z.object({ type: z.literal('Polygon'), coordinates: polygon }).strict(),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1).max(100) }).strict(),
  ])
  .refine((geometry) => {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return polygons.flat(2).length <= MAX_FENCE_VERTICES;
  }, `a geofence may have at most ${MAX_FENCE_VERTICES} positions`);

const geofenceName = safeText().trim().min(1).max(200);
export const geofenceBody = z.object({ name: geofenceName, geometry: geofenceGeometry }).strict();
/** PATCH /api/geofences/:id: a new name (the shape is drawn again as a new fence). */
export const geofenceRename = z.object({ name: geofenceName }).strict();
export type GeofenceBody = z.infer<typeof geofenceBody>;
