// What the aircraft layer shows for a view: the aircraft, their trails and their pairs — now, or as they were at a
// playback minute (positions and trails from the track table, the pairs that existed then).
import type { ApiClient } from '../api/api-client';
import type { Aircraft, AircraftTrail, Bbox, Correlation } from '../api/api-types';
import { aircraftFeatures, correlationFeatures, type CorrelationLine, trailFeatures } from '../map/feature-collections';
import type { MapController } from '../map/map-controller';
import { LIST_LIMITS } from './list-limits';
import { MAP_WINDOW_SINCE, MINUTE_MS } from './time-windows';

/** How far back a trail reaches behind each aircraft. */
export const TRAIL_MINUTES = 30;
/** A pair counts at a playback minute if it was seen within this long before it. */
const PAIR_GRACE_MS = 5 * MINUTE_MS;

export interface AircraftView {
  aircraft: Aircraft[];
  trails: AircraftTrail[];
  correlations: CorrelationLine[];
}

/** The filter's say on aircraft: firefighting ones only, inside a geofence. */
export interface AircraftNarrowing {
  firefightingOnly: boolean;
  geofenceId: string | null;
}

export async function loadAircraftView(
  api: ApiClient,
  bbox: Bbox | undefined,
  minuteStart: number | null,
  signal?: AbortSignal,
  narrowing: AircraftNarrowing = { firefightingOnly: false, geofenceId: null },
): Promise<AircraftView> {
  const at = minuteStart === null ? undefined : new Date(minuteStart).toISOString();
  const [aircraft, trails, correlations] = await Promise.all([
    api.get<Aircraft[]>('/api/aircraft', { bbox, at, firefighting: narrowing.firefightingOnly ? 'true' : undefined, geofence: narrowing.geofenceId, limit: LIST_LIMITS.aircraft.atMost }, signal),
    api.get<AircraftTrail[]>('/api/aircraft/trails', { bbox, at, minutes: TRAIL_MINUTES }, signal),
    // Live, the pairs of the map's day; at a minute, those still seen by then (a minute three days back was asked for
    // the last day's pairs, and its lines were never drawn).
    api.get<Correlation[]>('/api/correlations', { since: minuteStart === null ? MAP_WINDOW_SINCE : new Date(minuteStart - PAIR_GRACE_MS).toISOString() }, signal),
  ]);
  // Trails and pairing lines of the aircraft shown only (their routes know neither which are firefighting nor the
  // geofence): a fence's "Show inside" left the line of an aircraft it hid, ending in the air.
  const shown = new Set(aircraft.map((plane) => plane.icao24));
  const narrowed = narrowing.firefightingOnly || narrowing.geofenceId !== null;
  const kept = narrowed ? trails.filter((trail) => shown.has(trail.icao24)) : trails;
  // Only firefighting aircraft are paired, so "firefighting only" keeps every pair (one whose aircraft is just outside
  // the view still draws its line in); a geofence keeps those of the aircraft it lets through.
  const pairs = narrowing.geofenceId !== null ? correlations.filter((pair) => shown.has(pair.icao24)) : correlations;
  if (minuteStart === null) return { aircraft, trails: kept, correlations: pairs };
  const minuteEnd = minuteStart + MINUTE_MS;
  const then = pairs.filter((pair) => Date.parse(pair.firstSeenAt) < minuteEnd && Date.parse(pair.lastSeenAt) >= minuteStart - PAIR_GRACE_MS);
  return { aircraft, trails: kept, correlations: then };
}

/** Draws a view's aircraft (icons, trails, pairing lines); incidents place the pairs with incidents. */
export function showAircraftView(map: MapController, view: AircraftView, incidents: Parameters<typeof correlationFeatures>[2] = []): void {
  map.setData('aircraft-trails', trailFeatures(view.trails));
  map.setData('aircraft', aircraftFeatures(view.aircraft, view.correlations));
  map.setData('correlations', correlationFeatures(view.correlations, view.aircraft, incidents));
}
