// Geofences: draw a polygon on the map, name it, save; list, fly to, rename, delete (asked first).
import { type Dispatch, type FormEvent, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { failureMessage } from '../api/api-error';
import type { Geofence } from '../api/api-types';
import { sentenceCase } from '../format/sentence-case';
import type { MapController } from '../map/map-controller';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { GeofenceRenameForm } from './GeofenceRenameForm';
import { type DraftAction, type DraftState, NO_DRAFT } from './geofence-draft';
import { useDrawingCancel } from './use-drawing-cancel';
import { useFocusIfLost } from './use-focus-if-lost';

export interface GeofencesTabProps {
  api: ApiClient;
  controller: MapController | null;
  geofences: Geofence[];
  draft: DraftState;
  dispatchDraft: Dispatch<DraftAction>;
  onChanged: () => void;
  /** Narrows the map, the HUD's counts and the export to what lies inside the fence (the Layers tab's filter). */
  onShowInside: (fence: Geofence) => void;
}

const message = (error: unknown) => sentenceCase(failureMessage(error));

export function GeofencesTab({ api, controller, geofences, draft: anyDraft, dispatchDraft, onChanged, onShowInside }: GeofencesTabProps) {
  // An area being drawn for the Sources tab is not a geofence.
  const draft = anyDraft.purpose === 'geofence' ? anyDraft : NO_DRAFT;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The fence whose name is being changed, if one is. */
  const [renaming, setRenaming] = useState<string | null>(null);

  const startDrawing = () => {
    setError(null);
    controller?.startDrawing();
    dispatchDraft({ type: 'start', purpose: 'geofence' });
  };
  const cancel = () => {
    controller?.cancelDrawing();
    dispatchDraft({ type: 'clear' });
    setName('');
  };
  useDrawingCancel(draft.drawing, controller, dispatchDraft);
  // Each step takes away the buttons of the one before. Drawing, the map has the focus (corners placed with Enter at
  // its cross); named (the name field takes it itself), then saved or discarded, "Draw a geofence" has it again.
  const step = draft.drawing ? 'drawing' : draft.polygon ? 'naming' : 'idle';
  useFocusIfLost(step, () =>
    step === 'drawing' ? controller?.keyboardTarget() : step === 'idle' ? document.querySelector<HTMLElement>('[data-testid="geofence-draw"]') : null,
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.polygon || !name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await api.post<Geofence>('/api/geofences', { name: name.trim(), geometry: draft.polygon });
      controller?.clearDraft();
      dispatchDraft({ type: 'clear' });
      setName('');
      onChanged();
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (fence: Geofence) => {
    setError(null);
    try {
      await api.delete(`/api/geofences/${encodeURIComponent(fence.id)}`);
      onChanged();
    } catch (failure) {
      setError(message(failure));
    }
  };

  return (
    <section className="geofences-tab" data-testid="geofences-tab">
      {!draft.drawing && !draft.polygon && (
        <button type="button" data-testid="geofence-draw" onClick={startDrawing} disabled={!controller}>
          Draw a geofence
        </button>
      )}
      {draft.drawing && (
        <div className="draw-help" data-testid="geofence-drawing" data-points={draft.points}>
          <p>Click the corners on the map; double-click the last one, click the first one again or press Finish. Escape cancels.</p>
          <p className="muted" data-testid="geofence-corners">
            {draft.points} corner{draft.points === 1 ? '' : 's'}
            {draft.points < 3 ? `: ${3 - draft.points} more before it can be finished` : ''}
          </p>
          <button type="button" data-testid="geofence-finish" disabled={draft.points < 3} onClick={() => controller?.finishDrawing()}>
            Finish
          </button>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {draft.polygon && (
        <form className="geofence-save" onSubmit={(event) => void save(event)}>
          <label htmlFor="geofence-name">Name</label>
          <input id="geofence-name" data-testid="geofence-name" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus />
          <button type="submit" data-testid="geofence-save" disabled={busy || !name.trim()}>
            Save
          </button>
          <button type="button" onClick={cancel}>
            Discard
          </button>
          {/* Save waits for a name: said, not only greyed. */}
          {!name.trim() && (
            <p className="muted geofence-save-hint" data-testid="geofence-save-hint">
              Name the area to save it.
            </p>
          )}
        </form>
      )}
      <p className="muted geofence-note" data-testid="geofence-note">
        A geofence alerts on what arrives inside it once it is saved: new fire detections, cameras and other events,
        and incidents and aircraft that move in. What is already inside raises no alert: Show inside shows it on the map.
      </p>
      {error && (
        <p className="field-error" role="alert" data-testid="geofence-error">
          {error}
        </p>
      )}
      <ul className="geofence-list" data-testid="geofence-list">
        {geofences.length === 0 && <li className="muted">No geofences yet.</li>}
        {geofences.map((fence) => (
          <li key={fence.id} data-geofence-id={fence.id} data-testid="geofence-item">
            {renaming === fence.id ? (
              <GeofenceRenameForm
                api={api}
                fence={fence}
                onDone={(renamed) => {
                  setRenaming(null);
                  if (renamed) onChanged();
                }}
              />
            ) : (
              <span className="geofence-name">{fence.name}</span>
            )}
            <button type="button" onClick={() => controller?.flyToGeometry(fence.geometry)}>
              Fly to
            </button>
            {/* What is inside now: the fence as the Layers tab's filter (a fence alerts only on what arrives later). */}
            <button type="button" title="Show only what lies inside it: the map, the HUD's counts and the export" onClick={() => onShowInside(fence)}>
              Show inside
            </button>
            {renaming !== fence.id && (
              <button type="button" aria-label={`Rename ${fence.name}`} onClick={() => setRenaming(fence.id)}>
                Rename
              </button>
            )}
            <ConfirmDeleteButton
              ariaLabel={`Delete ${fence.name}`}
              question={`Delete “${fence.name}”? It raises no more alerts; those it raised stay.`}
              onConfirm={() => void remove(fence)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
