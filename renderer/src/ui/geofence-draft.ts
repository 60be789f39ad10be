// The geofence being drawn, shared by the workspace (the map reports corners and the finished shape)
// and the Geofences tab (start, cancel, save). Pure: unit-tested from Node.
import type { Polygon } from 'geojson';

export interface DraftState {
  drawing: boolean;
  /** Corners placed so far. */
  points: number;
  /** The finished shape, waiting for a name. */
  polygon: Polygon | null;
}

export type DraftAction = { type: 'start' } | { type: 'corners'; points: number } | { type: 'finished'; polygon: Polygon } | { type: 'clear' };

export const NO_DRAFT: DraftState = { drawing: false, points: 0, polygon: null };

export function draftReducer(draft: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'start':
      return { drawing: true, points: 0, polygon: null };
    case 'corners':
      return { ...draft, points: action.points };
    case 'finished':
      // The ring repeats its first corner at the end.
      return { drawing: false, points: action.polygon.coordinates[0]!.length - 1, polygon: action.polygon };
    case 'clear':
      return NO_DRAFT;
  }
}
