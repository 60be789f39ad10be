// Export what is in view under the filters: fires, aircraft, incidents and events (news stories, alerts) of the
// layers shown as CSV, GeoJSON or KML (from GET /api/export, with the same parameters the map read), or a PNG of the map with its legend.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { MapViewport } from '../map/map-controller';
import type { MapController } from '../map/map-controller';
import type { ViewFilter } from '../data/view-filter';
import { exportParams } from '../data/export-params';
import { exportWhat } from '../data/export-what';
import { fireCounterLabels } from '../data/fire-counter-labels';
import { nameNotYetSaved } from '../data/export-file-name';
import { savedWords } from '../data/export-saved-words';
import { LAYERS, type LayerKey, type LayerVisibility } from '../map/layer-catalog';
import { pictureLegend } from '../map/legend-entries';
import { composeSnapshot } from '../map/map-snapshot';
import { metresPerPixel } from '../map/scale-bar';
import { failureMessage } from '../api/api-error';
import { formatBoth, formatMinuteUtc } from '../format/time-format';
import { useFocusIfLost } from './use-focus-if-lost';

const EXPORTABLE = ['fires', 'aircraft', 'incidents', 'events'] as const satisfies readonly LayerKey[];
const FORMATS = [
  { id: 'csv', label: 'CSV' },
  { id: 'geojson', label: 'GeoJSON' },
  { id: 'kml', label: 'KML' },
] as const;

// The names saved in this page's life, each file its own (nameNotYetSaved).
const savedNames = new Set<string>();
// The desktop app's preload bridge: its downloads go into the Downloads folder, which the "Saved …" line can say.
const SAVED_FOLDER = 'vantage' in window ? 'Downloads folder' : null;

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has the bytes once click() returns; the URL is let go a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The instant in the exports' file names, in UTC as the server writes them: 20261127T021713Z now, or at-20261127T1056Z
 * for the playback minute shown.
 */
function stamp(playbackMinute: number | null): string {
  const compact = (epochMs: number, length: number) => `${new Date(epochMs).toISOString().slice(0, length).replace(/[-:]/g, '')}Z`;
  return playbackMinute === null ? compact(Date.now(), 19) : `at-${compact(playbackMinute, 16)}`;
}

export interface ExportControlsProps {
  api: ApiClient;
  controller: MapController | null;
  viewport: MapViewport | null;
  visibility: LayerVisibility;
  filter: ViewFilter;
  filterWords: string[];
  /** The window the alerts drawn are of (the picture's legend says it). */
  alertsWindow: string;
  /** The playback cursor's minute (epoch ms), null while live: the export is of the minute the map shows. */
  playbackMinute: number | null;
  /** Asked for by the map's Export button: scrolled into sight, its first button focused, marked for a moment. */
  reveal?: boolean;
  onRevealed?: () => void;
}

export function ExportControls({ api, controller, viewport, visibility, filter, filterWords, alertsWindow, playbackMinute, reveal = false, onRevealed }: ExportControlsProps) {
  const sectionRef = useRef<HTMLElement | null>(null);
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    if (!reveal) return;
    const section = sectionRef.current;
    section?.scrollIntoView({ block: 'nearest' });
    // The first format that can be saved now (none while the map has no view yet: the section itself).
    (section?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? section)?.focus({ preventScroll: true });
    setMarked(true);
    onRevealed?.();
  }, [reveal, onRevealed]);
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({ busy: false, message: null, error: false });
  // The section ends the Layers tab, under the legend: its message is scrolled into sight, not left under the fold.
  const messageRef = useRef<HTMLParagraphElement | null>(null);
  // A block body: Chromium's scrollIntoView answers a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    messageRef.current?.scrollIntoView({ block: 'nearest' });
  }, [state.message]);
  // "Saved …" is of the view, filters and minute it was saved with: another of them leaves it behind.
  const bbox = viewport?.bbox.join(',') ?? null;
  useEffect(() => setState((current) => (current.busy || current.message === null ? current : { busy: false, message: null, error: false })), [bbox, filter, playbackMinute]);
  const layers = EXPORTABLE.filter((key) => visibility[key]);
  // In playback the words name the window before the cursor's minute and the minute itself, as the HUD does.
  const playbackAt = playbackMinute === null ? null : formatMinuteUtc(new Date(playbackMinute));
  const words = playbackMinute === null ? filterWords : [fireCounterLabels(filter, playbackMinute, Date.now()).window, ...filterWords.slice(1)];

  // The format last asked for: its button has the focus back when the export is done (disabled meanwhile, it lost it).
  const pressed = useRef<string | null>(null);
  useFocusIfLost(state.busy, () => (state.busy || !pressed.current ? null : document.querySelector<HTMLElement>(`[data-testid="export-${pressed.current}"]`)));

  const exportData = async (format: (typeof FORMATS)[number]['id']) => {
    if (!viewport) return;
    pressed.current = format;
    setState({ busy: true, message: `Preparing ${format.toUpperCase()}…`, error: false });
    try {
      const { blob, filename, truncated, rows } = await api.download('/api/export', {
        format,
        layers: layers.join(','),
        bbox: viewport.bbox,
        ...exportParams(filter, playbackMinute, Date.now()),
        firefighting: filter.firefightingOnly ? 'true' : undefined,
      });
      const name = nameNotYetSaved(filename ?? `vantage-${stamp(playbackMinute)}.${format}`, savedNames);
      save(blob, name);
      const saved = savedWords(name, rows, SAVED_FOLDER);
      setState({ busy: false, message: truncated ? `${saved} It was cut at its row limit — narrow the view or the filters for the rest.` : saved, error: false });
    } catch (error) {
      const detail = failureMessage(error);
      setState({ busy: false, message: `Export failed: ${detail}`, error: true });
    }
  };

  const exportPicture = async () => {
    if (!controller) return;
    pressed.current = 'png';
    setState({ busy: true, message: 'Drawing the picture…', error: false });
    try {
      const shown = (Object.keys(LAYERS) as LayerKey[]).filter((key) => visibility[key]);
      const credits = Array.from(document.querySelectorAll('.vantage-attribution'))
        .map((element) => element.textContent ?? '')
        .join(' ')
        .trim();
      const blob = await composeSnapshot(await controller.captureCanvas(), {
        caption: [playbackMinute === null ? `Vantage · ${formatBoth(Date.now())}` : `Vantage · the map at ${formatBoth(playbackMinute)} (playback)`, words.join(' · ')],
        legend: pictureLegend(shown, (key) => controller.drawsInView(key), alertsWindow, playbackMinute !== null, filter),
        credits,
        metresPerPixel: viewport ? metresPerPixel(viewport.center[1], viewport.zoom) : null,
      });
      const name = nameNotYetSaved(`vantage-map-${stamp(playbackMinute)}.png`, savedNames);
      save(blob, name);
      setState({ busy: false, message: savedWords(name, [], SAVED_FOLDER), error: false });
    } catch (error) {
      setState({ busy: false, message: `The picture failed: ${(error as Error).message}`, error: true });
    }
  };

  return (
    <section
      ref={sectionRef}
      className={marked ? 'export export-marked' : 'export'}
      aria-label="Export"
      data-testid="export"
      tabIndex={-1}
      onAnimationEnd={() => setMarked(false)}
    >
      <h3>Export the view</h3>
      <p className="muted export-what">
        {exportWhat(layers, words, playbackAt)}
      </p>
      <div className="export-buttons">
        {FORMATS.map(({ id, label }) => (
          <button key={id} type="button" data-testid={`export-${id}`} disabled={state.busy || layers.length === 0 || !viewport} onClick={() => void exportData(id)}>
            {label}
          </button>
        ))}
        <button type="button" data-testid="export-png" disabled={state.busy || !controller} title="The map with its legend" onClick={() => void exportPicture()}>
          PNG
        </button>
      </div>
      {state.message && (
        <p ref={messageRef} className={state.error ? 'export-message export-error' : 'export-message muted'} role="status" data-testid="export-message">
          {state.message}
        </p>
      )}
    </section>
  );
}
