// The HUD's fires in view under the analyst's filter — the whole window and its last hour — counted by the server
// with the same parameters the map's tiles and points are read with (so the count is what is drawn): read when
// the map is ready and after each move or filter change, every minute as the window slides, and on demand (a
// reload of the same view); live fires that pass the filter add by acquisition time.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Bbox, FireCount } from '../api/api-types';
import type { MapViewport } from '../map/map-controller';
import { countsLastHourAt, type FireWindowCounts, withLiveFire } from './fire-windows';
import { PacedRunner } from './paced-runner';
import { SLIDING_WINDOW_REFRESH_MS } from './refresh-intervals';
import { useInterval } from './use-interval';
import { HOUR_MS, MINUTE_MS } from './time-windows';
import { fireFilterParams, liveFirePasses, type ViewFilter, windowSpanMs } from './view-filter';

// In playback the cursor moves up to ten times a second: its minute is counted at most every 250 ms (the newest minute
// when the turn comes), each count let answer before the next (paced-runner.ts), so a playing timeline's counts follow
// it a few times a second, and as often as the server can count.
const PLAYBACK_COUNT_EVERY_MS = 250;
// How long after a count's answer a live fire may still be one the server counted (see load).
const LIVE_RECOUNT_MS = 1_000;

/** Resolves after `ms`, or at once when aborted (the caller checks the signal). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The parameters for now, or in playback for the window that ends with the cursor's minute. */
function countParams(filter: ViewFilter, minuteStart: number | null): { params: Record<string, string>; lastHourSince: string | null } {
  const params = fireFilterParams(filter);
  const now = Date.now();
  const hour = countsLastHourAt(filter, minuteStart, now);
  if (minuteStart === null) return { params, lastHourSince: hour ? '1h' : null };
  const end = minuteStart + MINUTE_MS;
  return {
    params: { ...params, since: new Date(end - windowSpanMs(filter, now)).toISOString(), until: new Date(end).toISOString() },
    lastHourSince: hour ? new Date(end - HOUR_MS).toISOString() : null,
  };
}

async function fetchFireWindowCounts(api: ApiClient, bbox: Bbox, filter: ViewFilter, minuteStart: number | null, signal: AbortSignal): Promise<FireWindowCounts> {
  const { params, lastHourSince } = countParams(filter, minuteStart);
  const [all, hour] = await Promise.all([
    api.get<FireCount>('/api/fires/count', { bbox, ...params }, signal),
    lastHourSince ? api.get<FireCount>('/api/fires/count', { bbox, ...params, since: lastHourSince }, signal) : null,
  ]);
  return { inWindow: all.count, lastHour: hour ? hour.count : null };
}

export interface FireWindow {
  counts: FireWindowCounts | null;
  /** The playback minute the counts are of (null: now): for a moment after the cursor moves, the previous one's. */
  countsMinute: number | null;
  /** Reads the counts again for the current view (after a reload that kept the view). */
  refresh: () => void;
  /** A live fire, counted in the windows its acquisition time is in (FIRMS data arrives hours late). */
  addLiveFire: (fire: { acqTime: string; confidence?: unknown; frp?: unknown; satellite?: unknown }) => void;
}

/**
 * `view` is null until the map is ready: the counts are not on the path to ready and would compete with it.
 * `minuteStart`: the playback cursor's minute (null when live): the counts are those of the window ending there.
 */
export function useFireWindow(api: ApiClient, view: MapViewport | null, filter: ViewFilter, minuteStart: number | null): FireWindow {
  const [counted, setCounted] = useState<{ counts: FireWindowCounts; minute: number | null } | null>(null);
  // Live, only the newest count may answer: one under way for an older view is aborted when the next one starts.
  const running = useRef<AbortController | null>(null);
  // In playback, the counts of the cursor's minutes.
  const [playbackCounts] = useState(() => new PacedRunner(PLAYBACK_COUNT_EVERY_MS));

  // A live fire came since the current count began (see load).
  const liveWhileCounting = useRef(false);

  const load = useCallback(
    (bbox: Bbox) => {
      if (minuteStart !== null) {
        running.current?.abort();
        // Scoped by view and filter: a count of another is not let land late.
        playbackCounts.ask(async (signal) => {
          try {
            const next = await fetchFireWindowCounts(api, bbox, filter, minuteStart, signal);
            if (!signal.aborted) setCounted({ counts: next, minute: minuteStart });
          } catch {
            if (!signal.aborted) setCounted(null);
          }
        }, JSON.stringify([bbox, filter]));
        return;
      }
      playbackCounts.cancel();
      running.current?.abort();
      const abort = new AbortController();
      running.current = abort;
      const count = async () => {
        // A live fire stored while the server counted may be missing from its answer, and one stored just before
        // may reach the page after the answer, on top of a count that has it: whenever a live fire came from the
        // start of a count to a second after its answer, the view is counted again.
        for (;;) {
          liveWhileCounting.current = false;
          const next = await fetchFireWindowCounts(api, bbox, filter, minuteStart, abort.signal);
          if (abort.signal.aborted) return;
          setCounted({ counts: next, minute: minuteStart });
          await pause(LIVE_RECOUNT_MS, abort.signal);
          if (abort.signal.aborted || !liveWhileCounting.current) return;
        }
      };
      // On the next turn: loads of one turn (a move and a filter change) ask once.
      const timer = window.setTimeout(() => void count().catch(() => !abort.signal.aborted && setCounted(null)), 0);
      abort.signal.addEventListener('abort', () => window.clearTimeout(timer));
    },
    [api, filter, minuteStart, playbackCounts],
  );
  useEffect(
    () => () => {
      playbackCounts.cancel();
      running.current?.abort();
    },
    [playbackCounts],
  );

  useEffect(() => {
    if (view) load(view.bbox);
  }, [load, view]);
  useInterval(() => view && load(view.bbox), view ? SLIDING_WINDOW_REFRESH_MS : null);

  const refresh = () => {
    if (view) load(view.bbox);
  };
  const addLiveFire = useCallback(
    (fire: { acqTime: string; confidence?: unknown; frp?: unknown; satellite?: unknown }) => {
      // In playback the counts are of the cursor's window, not of now.
      if (minuteStart !== null || !liveFirePasses(filter, fire)) return;
      liveWhileCounting.current = true;
      setCounted((current) => current && current.minute === null ? { ...current, counts: withLiveFire(current.counts, fire.acqTime, filter, Date.now()) } : current);
    },
    [filter, minuteStart],
  );
  return { counts: counted?.counts ?? null, countsMinute: counted?.minute ?? null, refresh, addLiveFire };
}
