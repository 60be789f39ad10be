// A geofence as the client sends it: GeoJSON Polygon or MultiPolygon, checked before PostGIS sees it.
import { z } from 'zod';

export const MAX_FENCE_VERTICES = 10_000;

// Longitudes up to ±540 let a fence drawn across the antimeridian keep going (170 → 190).
const position = z.tuple([z.number().min(-540).max(540), z.number().min(-90).max(90)]).rest(z.number());
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
    z.object({ type: z.literal('Polygon'), coordinates: polygon }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1).max(100) }),
  ])
  .refine((geometry) => {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return polygons.flat(2).length <= MAX_FENCE_VERTICES;
  }, `a geofence may have at most ${MAX_FENCE_VERTICES} positions`);

export const geofenceBody = z.object({ name: z.string().trim().min(1).max(200), geometry: geofenceGeometry }).strict();
export type GeofenceBody = z.infer<typeof geofenceBody>;
