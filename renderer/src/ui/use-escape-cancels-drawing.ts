// Escape abandons a shape being drawn on the map (a geofence, or the FIRMS area): the same for every tab that draws.
import { type Dispatch, useEffect } from 'react';
import type { MapController } from '../map/map-controller';
import type { DraftAction } from './geofence-draft';

export function useEscapeCancelsDrawing(drawing: boolean, controller: MapController | null, dispatchDraft: Dispatch<DraftAction>): void {
  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      controller?.cancelDrawing();
      dispatchDraft({ type: 'clear' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing, controller, dispatchDraft]);
}
