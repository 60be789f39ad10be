// A geofence's new name, typed where its name stands in the Geofences tab: Enter or Save keeps it (its alerts follow
// it), Escape or Cancel leaves the name as it was; a refusal (a name another fence has) stays beside the box.
import { type FormEvent, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { failureMessage } from '../api/api-error';
import type { Geofence } from '../api/api-types';
import { sentenceCase } from '../format/sentence-case';

export function GeofenceRenameForm({ api, fence, onDone }: { api: ApiClient; fence: Geofence; onDone: (renamed: boolean) => void }) {
  const [name, setName] = useState(fence.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unchanged = name.trim() === fence.name;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return onDone(false);
    setBusy(true);
    setError(null);
    try {
      await api.patch<Geofence>(`/api/geofences/${encodeURIComponent(fence.id)}`, { name: name.trim() });
      onDone(true);
    } catch (failure) {
      setError(sentenceCase(failureMessage(failure)));
      setBusy(false);
    }
  };

  return (
    <form className="geofence-rename" data-testid="geofence-rename" onSubmit={(event) => void save(event)} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onDone(false))}>
      <label className="visually-hidden" htmlFor={`geofence-rename-${fence.id}`}>
        New name for {fence.name}
      </label>
      <input id={`geofence-rename-${fence.id}`} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus />
      <button type="submit" disabled={busy || !name.trim()}>
        Save
      </button>
      <button type="button" onClick={() => onDone(false)}>
        Cancel
      </button>
      {error && (
        <p className="field-error" role="alert" data-testid="geofence-rename-error">
          {error}
        </p>
      )}
    </form>
  );
}
