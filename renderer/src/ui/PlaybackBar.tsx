// The timeline along the bottom: minute counts from /api/playback, a cursor that shows the map as of
// that minute (fires up to it, density cells of the hour before), and Live to return.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { PlaybackResult } from '../api/api-types';
import { cursorForRange } from '../data/playback-cursor';
import { floorToMinute, histogramPath, MINUTE_MS, minuteCounts } from '../data/playback-histogram';
import { formatLocal, formatMinuteUtc } from '../format/time-format';
import { playbackCellFeatures } from '../map/feature-collections';
import type { MapController, MapViewport } from '../map/map-controller';

const RANGES = [
  { hours: 1, label: '1 h' },
  { hours: 6, label: '6 h' },
  { hours: 24, label: '24 h' },
];
const WIDTH = 1000;
const HEIGHT = 40;
const CELL_WINDOW_MINUTES = 60;
const REFRESH_MS = 60_000;

export function PlaybackBar({ api, controller, viewport }: { api: ApiClient; controller: MapController | null; viewport: MapViewport | null }) {
  const [hours, setHours] = useState(6);
  const [end, setEnd] = useState(() => floorToMinute(Date.now()) + MINUTE_MS);
  const [result, setResult] = useState<PlaybackResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // null = live; otherwise the minute index on the timeline.
  const [cursor, setCursor] = useState<number | null>(null);
  const cellsRequest = useRef<AbortController | null>(null);
  const minutes = hours * 60;
  const from = end - minutes * MINUTE_MS;

  // While live, the timeline's end follows the clock.
  useEffect(() => {
    if (cursor !== null) return;
    const timer = window.setInterval(() => setEnd(floorToMinute(Date.now()) + MINUTE_MS), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [cursor]);

  useEffect(() => {
    if (!viewport) return;
    const abort = new AbortController();
    api
      .get<PlaybackResult>('/api/playback', { from: new Date(from).toISOString(), to: new Date(end).toISOString(), bbox: viewport.bbox }, abort.signal)
      .then((body) => {
        setResult(body);
        setError(null);
      })
      .catch((failure: Error) => failure.name !== 'AbortError' && setError(failure.message));
    return () => abort.abort();
  }, [api, from, end, viewport]);

  const counts = useMemo(() => minuteCounts(result?.buckets ?? [], from, minutes), [result, from, minutes]);
  const path = useMemo(() => histogramPath(counts, WIDTH, HEIGHT), [counts]);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const minuteStart = cursor === null ? null : from + cursor * MINUTE_MS;

  // The map follows the cursor: fires filtered at once, the density cells when the API answers.
  useEffect(() => {
    if (!controller) return;
    cellsRequest.current?.abort();
    if (minuteStart === null) {
      controller.setPlaybackMinute(null);
      controller.setData('playback-cells', playbackCellFeatures([]));
      return;
    }
    controller.setPlaybackMinute(new Date(minuteStart));
    const abort = new AbortController();
    cellsRequest.current = abort;
    const timer = window.setTimeout(() => {
      api
        .get<PlaybackResult>(
          '/api/playback',
          { from: new Date(minuteStart - (CELL_WINDOW_MINUTES - 1) * MINUTE_MS).toISOString(), to: new Date(minuteStart + MINUTE_MS).toISOString(), bbox: viewport?.bbox },
          abort.signal,
        )
        .then((body) => controller.setData('playback-cells', playbackCellFeatures(body.cells)))
        .catch(() => undefined);
    }, 150);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [api, controller, minuteStart, viewport]);

  // The range ends where it did: the cursor keeps its minute when that is still inside, else the nearest end.
  const changeRange = (next: number) => {
    setCursor((current) => cursorForRange(current, minutes, next * 60));
    setHours(next);
  };

  const goLive = () => {
    setCursor(null);
    setEnd(floorToMinute(Date.now()) + MINUTE_MS);
  };

  return (
    <section className="playback" data-testid="playback" data-mode={cursor === null ? 'live' : 'playback'} aria-label="Playback">
      <div className="playback-controls">
        <button type="button" className={cursor === null ? 'live-on' : ''} data-testid="playback-live" aria-pressed={cursor === null} onClick={goLive}>
          Live
        </button>
        <span className="playback-minute" data-testid="playback-minute" data-minute={minuteStart === null ? '' : new Date(minuteStart).toISOString()}>
          {minuteStart === null ? 'Showing now' : `${formatMinuteUtc(new Date(minuteStart))} · ${formatLocal(new Date(minuteStart))}`}
        </span>
        <span className="muted" data-testid="playback-total" data-value={total}>
          {error ? `Timeline unavailable: ${error}` : `${total.toLocaleString()} events in ${hours} h`}
        </span>
        <div className="playback-ranges" role="group" aria-label="Range">
          {RANGES.map((range) => (
            <button key={range.hours} type="button" aria-pressed={hours === range.hours} onClick={() => changeRange(range.hours)}>
              {range.label}
            </button>
          ))}
        </div>
      </div>
      <div className="playback-track">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" data-testid="playback-histogram">
          <path d={path} />
        </svg>
        <input
          type="range"
          className="playback-cursor"
          data-testid="playback-cursor"
          aria-label="Playback time"
          min={0}
          max={minutes - 1}
          step={1}
          value={cursor ?? minutes - 1}
          onChange={(event) => setCursor(Number(event.target.value))}
        />
      </div>
    </section>
  );
}
