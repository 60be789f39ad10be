// The boxes the stored fences lie in (one per polygon: a fence split at the antimeridian is two), for a first look
// at objects before the check proper: a point in none of them is inside no fence. Only points are looked at; any
// other shape is left to PostGIS.

/** west, south, east, north (degrees). */
export type FenceBox = readonly [number, number, number, number];

/** Above this many boxes, looking through them costs more than letting PostGIS's index do it. */
export const MAX_FENCE_BOXES = 200;

/** Whether the object might lie in a fence: a point in one of the boxes (edges included), or any other shape. */
export function mayBeInAFence(geometry: { type: string; coordinates: unknown }, boxes: readonly FenceBox[]): boolean {
  if (geometry.type !== 'Point' || !Array.isArray(geometry.coordinates)) return true;
  const [longitude, latitude] = geometry.coordinates as unknown[];
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return true;
  return boxes.some(([west, south, east, north]) => longitude >= west && longitude <= east && latitude >= south && latitude <= north);
}
