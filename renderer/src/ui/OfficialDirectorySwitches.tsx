// The built-in official camera directories (Caltrans CCTV per district), each switched on or off here (off
// by default), with its cameras on the map and its latest crawl in words. Switched on, a directory is crawled
// at once; the list is read again every few seconds while a crawl runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { failureMessage } from '../api/api-error';
import type { OfficialCameraDirectory, OfficialCameraDirectoryList } from '../api/api-types';
import { announceSourcesChanged } from '../data/sources-changed';
import { LatestRead } from '../data/latest-read';
import { formatAge } from '../format/time-format';
import './OfficialDirectorySwitches.css';

const CRAWL_POLL_MS = 2_000;

function plural(count: number, one: string): string {
  return `${count.toLocaleString()} ${one}${count === 1 ? '' : 's'}`;
}

/** The directory's state in words: off, crawling, its cameras and when it was crawled, or why that failed. */
export function directoryState(directory: OfficialCameraDirectory, now = Date.now()): string {
  if (directory.crawling) return 'Crawling now…';
  const onMap = plural(directory.camerasOnMap, 'camera');
  if (!directory.enabled) return directory.camerasOnMap > 0 ? `Off · ${onMap} on the map from earlier crawls` : 'Off';
  if (!directory.lastCrawl) return 'On · first crawl soon';
  const age = formatAge(Math.max(0, Math.round((now - Date.parse(directory.lastCrawl.at)) / 1000)));
  if (directory.lastCrawl.error) return `On · last crawl failed ${age}: ${directory.lastCrawl.error}`;
  return `On · ${onMap} on the map · crawled ${age}`;
}

export function OfficialDirectorySwitches({ api }: { api: ApiClient }) {
  const [directories, setDirectories] = useState<OfficialCameraDirectory[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  // A crawl's poll asked before a switch was flipped, answered after it, would flip it back on screen.
  const [reads] = useState(() => new LatestRead());

  const load = useCallback(async () => {
    const ticket = reads.begin();
    const list = await api.get<OfficialCameraDirectoryList>('/api/cameras/directories');
    if (reads.isNewest(ticket)) setDirectories(list.directories);
  }, [api, reads]);

  useEffect(() => {
    load().catch((failure: unknown) => setError(failureMessage(failure)));
  }, [load]);

  const crawling = directories?.some((directory) => directory.crawling) ?? false;
  // A crawl that ended changed the cameras row and health: they read again at once.
  const wasCrawling = useRef(false);
  useEffect(() => {
    if (wasCrawling.current && !crawling) announceSourcesChanged();
    wasCrawling.current = crawling;
  }, [crawling]);
  useEffect(() => {
    if (!crawling) return;
    const timer = window.setInterval(() => void load().catch((failure: unknown) => setError(failureMessage(failure))), CRAWL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [crawling, load]);

  const flip = async (directory: OfficialCameraDirectory) => {
    setPending(directory.id);
    setError(null);
    reads.begin();
    try {
      const next = await api.put<OfficialCameraDirectory>(`/api/cameras/directories/${encodeURIComponent(directory.id)}`, { enabled: !directory.enabled });
      setDirectories((current) => current?.map((entry) => (entry.id === next.id ? next : entry)) ?? null);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="official-directories" data-testid="official-directories" aria-labelledby="official-directories-title">
      <h3 id="official-directories-title">Official directories</h3>
      <p className="muted official-directories-note">Transportation departments&apos; own camera lists, placed by their published coordinates. Off until switched on.</p>
      {directories === null && !error && <p className="muted">Loading…</p>}
      {directories && (
        <ul className="official-directory-list">
          {directories.map((directory) => (
            <li key={directory.id} className="official-directory" data-testid={`official-directory-${directory.id}`}>
              <button
                type="button"
                role="switch"
                aria-checked={directory.enabled}
                aria-label={directory.name}
                id={`official-directory-switch-${directory.id}`}
                className="directory-switch"
                data-testid={`official-directory-switch-${directory.id}`}
                disabled={pending === directory.id}
                onClick={() => void flip(directory)}
              >
                <span className="directory-switch-track" aria-hidden="true">
                  <span className="directory-switch-thumb" />
                </span>
              </button>
              {/* The name and state switch it too, as a label does its control. */}
              <label className="official-directory-text" htmlFor={`official-directory-switch-${directory.id}`}>
                <span className="official-directory-name">{directory.name}</span>
                <span className={`official-directory-state${directory.lastCrawl?.error && directory.enabled ? ' failed' : ''}`} data-testid={`official-directory-state-${directory.id}`}>
                  {directoryState(directory)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="official-directories-error">
          {error}
        </p>
      )}
    </section>
  );
}
