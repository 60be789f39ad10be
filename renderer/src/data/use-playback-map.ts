// The map follows the playback cursor: fires filtered to the window before its minute at once; the density cells of
// the hour before it, and the aircraft where they were at that minute with their trails up to it, when the API
// answers; live removes the cells and has the layers bring back the aircraft of now (theirs: with the pairs to
// incidents and those announced live, which a read of its own here drew without).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { playbackCellFeatures } from '../map/feature-collections';
import type { MapController, MapViewport } from '../map/map-controller';
import { type AircraftNarrowing, loadAircraftView, showAircraftView } from './aircraft-view';
import { PacedRunner } from './paced-runner';
import { readPlaybackCounts, useFireNarrowing } from './read-playback-counts';
import { MINUTE_MS, PLAYBACK_RECENT_MS } from './time-windows';
import type { ViewFilter } from './view-filter';

// A playing or dragged cursor passes many minutes: the cells and aircraft are read for the newest minute at most this
// often, each read let land before the next (paced-runner.ts).
const PLAYBACK_READ_EVERY_MS = 250;

/**
 * Answers how many aircraft the map shows at the cursor's minute (null while live, or until that minute's are in).
 * `onLiveAircraft`: the map has left a minute whose aircraft it showed, for live; the layers draw now's again.
 */
export function usePlaybackMap(
  api: ApiClient,
  controller: MapController | null,
  minuteStart: number | null,
  viewport: MapViewport | null,
  filter: ViewFilter,
  onLiveAircraft: () => void,
): number | null {
  const { firefightingOnly, geofenceId }: AircraftNarrowing = filter;
  // The density cells count the fires the filter leaves: read again when that narrowing changes.
  const narrowing = useFireNarrowing(filter);
  const [pastAircraft, setPastAircraft] = useState<number | null>(null);
  // Whether the map shows a playback minute's aircraft, which going live must replace with now's.
  const showingPast = useRef(false);
  const [reads] = useState(() => new PacedRunner(PLAYBACK_READ_EVERY_MS));
  const showLiveAircraft = useEffectEvent(onLiveAircraft);

  useEffect(() => () => reads.cancel(), [reads]);
  useEffect(() => {
    if (!controller) return;
    if (minuteStart === null) {
      reads.cancel();
      setPastAircraft(null);
      controller.setPlaybackMinute(null);
      controller.setData('playback-cells', playbackCellFeatures([]));
      if (showingPast.current) {
        showingPast.current = false;
        showLiveAircraft();
      }
      return;
    }
    controller.setPlaybackMinute(new Date(minuteStart));
    // A newer minute replaces this read if it has not begun; one under way lands first (its minute, then the newest).
    reads.ask((signal) =>
      Promise.all([
        readPlaybackCounts(api, { from: minuteStart + MINUTE_MS - PLAYBACK_RECENT_MS, to: minuteStart + MINUTE_MS, bbox: viewport?.bbox }, narrowing, signal, true)
          .then((body) => !signal.aborted && controller.setData('playback-cells', playbackCellFeatures(body.cells)))
          .catch(() => undefined),
        loadAircraftView(api, viewport?.bbox, minuteStart, signal, { firefightingOnly, geofenceId })
          .then((view) => {
            if (signal.aborted) return;
            showingPast.current = true;
            showAircraftView(controller, view);
            setPastAircraft(view.aircraft.length);
          })
          .catch(() => undefined),
      ]),
      // Another view or narrowing is not let land late.
      JSON.stringify([viewport?.bbox ?? null, firefightingOnly, geofenceId, narrowing]),
    );
  }, [api, controller, minuteStart, viewport, firefightingOnly, geofenceId, narrowing, reads]);
  return minuteStart === null ? null : pastAircraft;
}
