// A shape being drawn on the map (a geofence, the FIRMS area, the ruler) is abandoned by Escape, and by leaving the tab
// that drew it: its buttons go with the tab, and clicks on the map would go on placing corners no one sees counted.
import { type Dispatch, useEffect, useRef } from 'react';
import type { MapController } from '../map/map-controller';
import type { DraftAction } from './geofence-draft';

export function useDrawingCancel(drawing: boolean, controller: MapController | null, dispatchDraft: Dispatch<DraftAction>): void {
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

  // Unmounted mid-drawing (another tab chosen, the panels folded away): the drawing ends with it.
  const drawingNow = useRef(drawing);
  useEffect(() => {
    drawingNow.current = drawing;
  }, [drawing]);
  useEffect(
    () => () => {
      if (!drawingNow.current) return;
      controller?.cancelDrawing();
      dispatchDraft({ type: 'clear' });
    },
    [controller, dispatchDraft],
  );
}
