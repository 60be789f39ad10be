// The map follows the playback cursor: fires filtered to the window before its minute at once; the density cells of
// the hour before it, and the aircraft where they were at that minute with their trails up to it, when the API
// answers; live removes the cells and brings back the aircraft of now.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { PlaybackResult } from '../api/api-types';
import { playbackCellFeatures } from '../map/feature-collections';
import type { MapController, MapViewport } from '../map/map-controller';
import { type AircraftNarrowing, loadAircraftView, showAircraftView } from './aircraft-view';
import { MINUTE_MS } from './time-windows';

const CELL_WINDOW_MINUTES = 60;
// Dragging the cursor passes many minutes: ask only for the one it rests on.
const CELLS_DEBOUNCE_MS = 150;

/** Answers how many aircraft the map shows at the cursor's minute (null while live, or until that minute's are in). */
export function usePlaybackMap(
  api: ApiClient,
  controller: MapController | null,
  minuteStart: number | null,
  viewport: MapViewport | null,
  narrowing: AircraftNarrowing,
): number | null {
  const { firefightingOnly, geofenceId } = narrowing;
  const [pastAircraft, setPastAircraft] = useState<number | null>(null);
  // Whether the map shows a playback minute's aircraft, which going live must replace with now's.
  const showingPast = useRef(false);
  useEffect(() => {
    if (!controller) return;
    const abort = new AbortController();
    if (minuteStart === null) {
      setPastAircraft(null);
      controller.setPlaybackMinute(null);
      controller.setData('playback-cells', playbackCellFeatures([]));
      if (showingPast.current) {
        showingPast.current = false;
        loadAircraftView(api, viewport?.bbox, null, abort.signal, { firefightingOnly, geofenceId })
          .then((view) => showAircraftView(controller, view))
          .catch(() => undefined);
      }
      return () => abort.abort();
    }
    controller.setPlaybackMinute(new Date(minuteStart));
    // A request for an earlier minute is aborted when the cursor moves on.
    const timer = window.setTimeout(() => {
      api
        .get<PlaybackResult>(
          '/api/playback',
          { from: new Date(minuteStart - (CELL_WINDOW_MINUTES - 1) * MINUTE_MS).toISOString(), to: new Date(minuteStart + MINUTE_MS).toISOString(), bbox: viewport?.bbox },
          abort.signal,
        )
        .then((body) => controller.setData('playback-cells', playbackCellFeatures(body.cells)))
        .catch(() => undefined);
      loadAircraftView(api, viewport?.bbox, minuteStart, abort.signal, { firefightingOnly, geofenceId })
        .then((view) => {
          showingPast.current = true;
          showAircraftView(controller, view);
          setPastAircraft(view.aircraft.length);
        })
        .catch(() => undefined);
    }, CELLS_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [api, controller, minuteStart, viewport, firefightingOnly, geofenceId]);
  return minuteStart === null ? null : pastAircraft;
}
