// The shape being drawn on the map, shared by the workspace (the map reports corners and the finished shape) and
// the tab that asked for it: the Geofences tab (a geofence to name and save) or the Sources tab (the FIRMS area).
// Pure: unit-tested from Node.
import type { Polygon } from 'geojson';

/** What the shape is for: only the tab that started it acts on it. */
export type DraftPurpose = 'geofence' | 'area';

export interface DraftState {
  purpose: DraftPurpose;
  drawing: boolean;
  /** Corners placed so far. */
  points: number;
  /** The finished shape, waiting for a name. */
  polygon: Polygon | null;
}

export type DraftAction = { type: 'start'; purpose?: DraftPurpose } | { type: 'corners'; points: number } | { type: 'finished'; polygon: Polygon } | { type: 'clear' };

export const NO_DRAFT: DraftState = { purpose: 'geofence', drawing: false, points: 0, polygon: null };

export function draftReducer(draft: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'start':
      return { purpose: action.purpose ?? 'geofence', drawing: true, points: 0, polygon: null };
    case 'corners':
      return { ...draft, points: action.points };
    case 'finished':
      // The ring repeats its first corner at the end.
      return { ...draft, drawing: false, points: action.polygon.coordinates[0]!.length - 1, polygon: action.polygon };
    case 'clear':
      return NO_DRAFT;
  }
}
