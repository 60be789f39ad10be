// The timeline along the bottom: minute counts from /api/playback, a cursor that shows the map as of
// that minute (fires up to it, density cells of the hour before), and Live to return.
import { useMemo } from 'react';
import type { ApiClient } from '../api/api-client';
import { histogramPath } from '../data/playback-histogram';
import { usePlaybackCursor } from '../data/use-playback-cursor';
import { usePlaybackHistogram } from '../data/use-playback-histogram';
import { usePlaybackMap } from '../data/use-playback-map';
import { formatLocal, formatMinuteUtc } from '../format/time-format';
import type { MapController, MapViewport } from '../map/map-controller';

const RANGES = [
  { hours: 1, label: '1 h' },
  { hours: 6, label: '6 h' },
  { hours: 24, label: '24 h' },
];
const WIDTH = 1000;
const HEIGHT = 40;

/** `viewport` is null until the map is ready: the timeline loads after it, off the path to the first drawn map. */
export function PlaybackBar({ api, controller, viewport }: { api: ApiClient; controller: MapController | null; viewport: MapViewport | null }) {
  const { hours, end, cursor, minutes, from, minuteStart, dispatch } = usePlaybackCursor();
  const { counts, error } = usePlaybackHistogram(api, viewport, from, end, minutes);
  usePlaybackMap(api, controller, minuteStart, viewport);
  const path = useMemo(() => histogramPath(counts, WIDTH, HEIGHT), [counts]);
  const total = counts.reduce((sum, count) => sum + count, 0);

  return (
    <section className="playback" data-testid="playback" data-mode={cursor === null ? 'live' : 'playback'} aria-label="Playback">
      <div className="playback-controls">
        <button type="button" className={cursor === null ? 'live-on' : ''} data-testid="playback-live" aria-pressed={cursor === null} onClick={() => dispatch({ type: 'live', now: Date.now() })}>
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
            <button key={range.hours} type="button" aria-pressed={hours === range.hours} onClick={() => dispatch({ type: 'range', hours: range.hours })}>
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
          onChange={(event) => dispatch({ type: 'seek', minute: Number(event.target.value) })}
        />
      </div>
    </section>
  );
}
