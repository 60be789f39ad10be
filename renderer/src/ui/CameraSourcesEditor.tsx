// The camera directories the crawl reads: the built-in official directories, each switched on or off, and
// the user's own public directories, one address a line (saved in the app, or the CAMERA_SOURCES setting until
// then; the API refuses addresses with credentials and its words are shown). A failed crawl points at the row's reason. Self-contained: it needs only the API.
import { type FormEvent, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiRequestError, failureMessage } from '../api/api-error';
import type { CameraSourceList } from '../api/api-types';
import { announceSourcesChanged } from '../data/sources-changed';
import { OfficialDirectorySwitches } from './OfficialDirectorySwitches';

/** Where the list shown comes from, in words a first-time analyst reads (no setting's name unless it is in use). */
function originWords(list: CameraSourceList | null): string {
  if (list === null) return 'Loading…';
  if (list.origin === 'saved') return 'Saved in the app.';
  if (list.sources.length === 0) return 'None yet: paste the addresses of public camera lists, one a line, then Save.';
  return 'From the list the app was started with (the CAMERA_SOURCES setting); Save keeps your changes in the app.';
}

export function CameraSourcesEditor({ api }: { api: ApiClient }) {
  const [list, setList] = useState<CameraSourceList | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (next: CameraSourceList) => {
    setList(next);
    setText(next.sources.join('\n'));
  };

  useEffect(() => {
    let cancelled = false;
    api
      .get<CameraSourceList>('/api/cameras/sources')
      .then((next) => !cancelled && show(next))
      .catch((failure: unknown) => !cancelled && setError(failureMessage(failure)));
    return () => {
      cancelled = true;
    };
  }, [api]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const sources = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    void act(async () => {
      show(await api.put<CameraSourceList>('/api/cameras/sources', { sources }));
      setNotice('Saved.');
    });
  };

  const useSetting = () =>
    void act(async () => {
      await api.delete('/api/cameras/sources');
      const next = await api.get<CameraSourceList>('/api/cameras/sources');
      show(next);
      setNotice(next.sources.length === 0 ? 'Saved list cleared.' : 'Saved list cleared: the start-up list is in use.');
    });

  const crawlNow = () =>
    void act(async () => {
      let outcome: { status?: string; result?: Record<string, unknown> };
      try {
        outcome = await api.post<{ status?: string; result?: Record<string, unknown> }>('/api/jobs/cameras', {});
      } catch (failure) {
        // No directory could be read: the cameras row above says why in a line (the API's whole error named hosts,
        // URLs and error codes), as Run now does.
        if (failure instanceof ApiRequestError && failure.status === 502) throw new Error('The crawl failed: the cameras row above says why.');
        throw failure;
      } finally {
        // The row above and the HUD read the cameras' state again (the row said "Waiting for its first run" after it).
        announceSourcesChanged();
      }
      const result = outcome.result;
      setNotice(
        !result
          ? 'Crawling; cameras appear as they are placed.'
          : typeof result.idle === 'string'
            ? result.idle
            : `Crawled ${String(result.pages ?? 0)} pages: ${String(result.inserted ?? 0)} new cameras, ${String(result.dropped ?? 0)} private or unresolvable addresses dropped.`,
      );
    });

  return (
    <>
      <OfficialDirectorySwitches api={api} />
      <section className="camera-sources" data-testid="camera-sources" aria-labelledby="camera-sources-title">
        <h3 id="camera-sources-title">Your camera directories</h3>
        <p className="muted" data-testid="camera-sources-origin">
          {originWords(list)}
        </p>
        <form onSubmit={save}>
          <label htmlFor="camera-sources-input" className="visually-hidden">
            Public camera directory addresses, one a line
          </label>
          <textarea
            id="camera-sources-input"
            data-testid="camera-sources-input"
            rows={4}
            spellCheck={false}
            placeholder="https://directory.example/list.txt"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="camera-sources-actions">
            <button type="submit" data-testid="camera-sources-save" disabled={busy || list === null}>
              Save
            </button>
            <button
              type="button"
              data-testid="camera-sources-reset"
              disabled={busy || list?.origin !== 'saved'}
              title="Forget the list saved here and use the one the app was started with (the CAMERA_SOURCES setting), if any"
              onClick={useSetting}
            >
              Clear saved list
            </button>
            <button type="button" data-testid="camera-sources-crawl" disabled={busy || list === null} onClick={crawlNow}>
              Crawl now
            </button>
          </div>
        </form>
        {error && (
          <p className="field-error" role="alert" data-testid="camera-sources-error">
            {error}
          </p>
        )}
        {notice && (
          <p className="muted" data-testid="camera-sources-notice">
            {notice}
          </p>
        )}
      </section>
    </>
  );
}
