// The basemap's land at 1:10m comes in the place tiles from this zoom on (layer `land`: the server's
// LAND_DETAIL_MIN_ZOOM in server/places/place-tile-queries.ts, which a unit test holds equal to this). Below it, and
// until the gazetteer's load has put the land in (a few seconds after the places), the map draws the shipped 1:50m
// shapes.
import type { GazetteerProgress, HealthReport } from '../api/api-types.js';

export const LAND_DETAIL_MIN_ZOOM = 6;

/** The place tiles carry the land: the gazetteer's load has put it in (health's `sources.places.land`). */
export function landDetailLoaded(health: Pick<HealthReport, 'sources'>): boolean {
  return (health.sources.places as Partial<GazetteerProgress> | undefined)?.land === 'ready';
}
