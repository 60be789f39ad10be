// "Draw on the map" for the FIRMS area: the geofence tool draws a shape, its bounding box becomes the area.
import { type Dispatch, useEffect, useEffectEvent } from 'react';
import { bboxOfShape } from '../map/bbox-of-shape';
import type { MapController } from '../map/map-controller';
import type { DraftAction, DraftState } from './geofence-draft';
import { useDrawingCancel } from './use-drawing-cancel';
import { useFocusIfLost } from './use-focus-if-lost';

export interface AreaDrawing {
  draft: DraftState;
  dispatchDraft: Dispatch<DraftAction>;
}

export function AreaDrawButton({ controller, drawing, onArea }: { controller: MapController | null; drawing: AreaDrawing; onArea: (bbox: string) => void }) {
  const { draft, dispatchDraft } = drawing;
  const mine = draft.purpose === 'area';
  const finished = useEffectEvent(onArea);

  useEffect(() => {
    if (!mine || !draft.polygon) return;
    finished(bboxOfShape(draft.polygon));
    controller?.clearDraft();
    dispatchDraft({ type: 'clear' });
  }, [mine, draft.polygon, controller, dispatchDraft]);

  useDrawingCancel(mine && draft.drawing, controller, dispatchDraft);
  // As a geofence's drawing (GeofencesTab.tsx): the map has the focus while drawing, this button after.
  const drawingHere = mine && draft.drawing;
  useFocusIfLost(drawingHere, () => (drawingHere ? controller?.keyboardTarget() : document.querySelector<HTMLElement>('[data-testid="source-fires-draw"]')));

  if (mine && draft.drawing) {
    return (
      <div className="draw-help" data-testid="area-drawing" data-points={draft.points}>
        <p>Click the corners of the area on the map ({draft.points} so far); its bounding box becomes the FIRMS area.</p>
        <button type="button" data-testid="area-finish" disabled={draft.points < 3} onClick={() => controller?.finishDrawing()}>
          Finish
        </button>
        <button
          type="button"
          onClick={() => {
            controller?.cancelDrawing();
            dispatchDraft({ type: 'clear' });
          }}
        >
          Cancel
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid="source-fires-draw"
      disabled={!controller || draft.drawing}
      onClick={() => {
        controller?.startDrawing();
        dispatchDraft({ type: 'start', purpose: 'area' });
      }}
    >
      Draw on the map
    </button>
  );
}
