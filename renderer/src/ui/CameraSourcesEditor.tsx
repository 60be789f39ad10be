// The camera directories the crawl reads: the built-in official directories, each switched on or off, and
// the user's own public directories, one address a line (saved in the app, or the CAMERA_SOURCES setting until
// then; the API refuses addresses with credentials and its words are shown). Self-contained: it needs only the API.
import { type FormEvent, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { failureMessage } from '../api/api-error';
import type { CameraSourceList } from '../api/api-types';
import { OfficialDirectorySwitches } from './OfficialDirectorySwitches';

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
      show(await api.get<CameraSourceList>('/api/cameras/sources'));
      setNotice('Using the CAMERA_SOURCES setting.');
    });

  const crawlNow = () =>
    void act(async () => {
      const outcome = await api.post<{ status?: string; result?: Record<string, unknown> }>('/api/jobs/cameras', {});
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
          {list === null ? 'Loading…' : list.origin === 'saved' ? 'Saved in the app.' : 'From the CAMERA_SOURCES setting.'}
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
            <button type="button" data-testid="camera-sources-reset" disabled={busy || list?.origin !== 'saved'} onClick={useSetting}>
              Use setting
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
