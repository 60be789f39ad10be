// The current view's periodic re-reads once the map is ready: aircraft positions, and fires as they age.
// (The HUD's fire windows slide in `use-fire-window`; health and news poll in their own hooks.)
import { FIRE_POINTS_MIN_ZOOM } from '../map/layer-catalog';
import type { MapViewport } from '../map/map-controller';
import { AIRCRAFT_REFRESH_MS, FIRE_AGE_REFRESH_MS } from './refresh-intervals';
import { useInterval } from './use-interval';
import type { MapSession } from './use-map-session';

export function useRefreshTimers({ session, viewport, ready, reloadView }: { session: MapSession | null; viewport: MapViewport | null; ready: boolean; reloadView: () => void }): void {
  useInterval(() => void session?.layers.refreshAircraft(), ready ? AIRCRAFT_REFRESH_MS : null);

  useInterval(
    () => {
      if (!session) return;
      session.map.refreshFireTiles();
      session.layers.dropAgedLiveFires();
      // Points (zoom 6 and closer) are cut to the window when fetched too: re-read the view.
      if (viewport && viewport.zoom >= FIRE_POINTS_MIN_ZOOM) reloadView();
    },
    ready ? FIRE_AGE_REFRESH_MS : null,
  );
}
