// A camera's snapshot, fetched with the bearer token (an <img src> cannot send it) and shown from a blob URL.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { errorFromResponse } from '../api/api-error';
import { useDialogFocus } from './use-dialog-focus';

type Snapshot = { state: 'loading' } | { state: 'ok'; url: string } | { state: 'unavailable' } | { state: 'error'; message: string };

export function CameraPanel({ api, camera, onClose }: { api: ApiClient; camera: { id: string; title: string }; onClose: () => void }) {
  const [snapshot, setSnapshot] = useState<Snapshot>({ state: 'loading' });
  // Opened, its Close has the focus (a screen reader reads the panel); closed, the focus goes back where it was, or to
  // the map when that is gone (a popup's camera button, its popup closed since).
  const close = useRef<HTMLButtonElement>(null);
  useDialogFocus(true, close, () => document.querySelector<HTMLElement>('.map canvas.maplibregl-canvas'));

  useEffect(() => {
    let objectUrl: string | null = null;
    const abort = new AbortController();
    const cancelled = () => abort.signal.aborted;
    setSnapshot({ state: 'loading' });
    fetch(`${api.baseUrl}/api/cameras/${encodeURIComponent(camera.id)}/snapshot`, {
      headers: { authorization: api.authorization },
      cache: 'no-store',
      signal: abort.signal,
    })
      .then(async (response) => {
        if (cancelled()) return;
        if (response.status === 404) return setSnapshot({ state: 'unavailable' });
        if (!response.ok) {
          const { message } = await errorFromResponse(response, 'snapshot');
          // Closed or switched while the error's body arrived: the next camera's panel does not show it.
          if (!cancelled()) setSnapshot({ state: 'error', message });
          return;
        }
        const blob = await response.blob();
        // Closed or switched while the body arrived: no URL is made, so none can leak.
        if (cancelled()) return;
        objectUrl = URL.createObjectURL(blob);
        setSnapshot({ state: 'ok', url: objectUrl });
      })
      .catch((error: Error) => !cancelled() && setSnapshot({ state: 'error', message: error.message }));
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, camera.id]);

  return (
    <aside className="camera-panel" data-testid="camera-panel" aria-label={`Camera ${camera.title}`}>
      <header>
        <h2>{camera.title}</h2>
        <button ref={close} type="button" onClick={onClose} aria-label="Close camera">
          ×
        </button>
      </header>
      {snapshot.state === 'loading' && <p className="muted">Fetching snapshot…</p>}
      {snapshot.state === 'unavailable' && <p className="muted">No snapshot available for this camera yet.</p>}
      {snapshot.state === 'error' && <p className="field-error">Snapshot failed: {snapshot.message}</p>}
      {snapshot.state === 'ok' && <img src={snapshot.url} alt={`Snapshot of ${camera.title}`} />}
    </aside>
  );
}
