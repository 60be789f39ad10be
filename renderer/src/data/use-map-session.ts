// The map's life in the workspace: made (with the layer loader and fire count that go with it) → the
// first view's data loaded and drawn → ready, or a named failure; after that, each view it reports is
// loaded. Sets `data-state` and the `vantage:*` marks on the way.
import { useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { BootFailure } from '../boot/check-access';
import { setPageState } from '../boot/page-state';
import { markBoot } from '../boot/timing-marks';
import type { ViewRelay } from '../live/view-relay';
import { emptyCounts } from '../map/layer-catalog';
import type { MapController, MapViewport } from '../map/map-controller';
import { installTestHook } from '../testing/test-hook';
import { LayerLoader, type LayerSnapshot } from './layer-loader';
import { fireTileQuery, type ViewFilter, windowSpanMs } from './view-filter';

export interface MapSession {
  map: MapController;
  layers: LayerLoader;
}

type Phase = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; failure: BootFailure };

const EMPTY_SNAPSHOT: LayerSnapshot = { counts: emptyCounts(), status: {}, aircraftCount: 0, alerts: [], geofences: [], incidentsDiscovered: [], cut: {} };

export interface MapSessionState {
  session: MapSession | null;
  /** The first view is loaded and drawn (it stays true). */
  ready: boolean;
  failure: BootFailure | null;
  /** The view last loaded (or being loaded). */
  viewport: MapViewport | null;
  snapshot: LayerSnapshot;
  /** For `MapView`. */
  mapEvents: { onReady: (map: MapController) => void; onError: (error: Error) => void; onViewport: (view: MapViewport) => void };
  /** Loads the current view's layers again (once ready): events sent while the socket was down, fires that aged. */
  reload: () => void;
}

/**
 * Points the map's fire tiles and the layer loader at the analyst's filter and, in playback, at the hours before the
 * cursor (`reachStart`, view-filter.ts's playbackReachStart); the caller loads the view again.
 */
export function applyViewFilter({ map, layers }: MapSession, filter: ViewFilter, reachStart: number | null = null): void {
  layers.setFilter(filter, reachStart);
  map.setFireFilter(fireTileQuery(filter, reachStart), Math.round(windowSpanMs(filter, Date.now()) / 1000));
}

/**
 * `initialFilter`: the filter the first view is read with (the address's). `liveView` is told each view before its
 * read is sent, so that the live socket follows it first (view-relay.ts).
 */
export function useMapSession(api: ApiClient, initialFilter: ViewFilter, liveView: ViewRelay): MapSessionState {
  const [session, setSession] = useState<MapSession | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'loading' });
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [snapshot, setSnapshot] = useState<LayerSnapshot>(EMPTY_SNAPSHOT);
  const ready = phase.state === 'ready';

  const fail = (failure: BootFailure) => {
    setPhase({ state: 'failed', failure });
    setPageState('error');
  };

  // Answers once the map has drawn the view's data.
  const loadView = async ({ map, layers }: MapSession, view: MapViewport) => {
    setViewport(view);
    liveView.tell(view.bbox);
    await layers.load(view);
    markBoot('data-loaded');
    await map.loaded;
    await map.whenIdle();
  };

  const onReady = (map: MapController) => {
    const layers = new LayerLoader(api, map, setSnapshot);
    const created: MapSession = { map, layers };
    installTestHook(map);
    applyViewFilter(created, initialFilter);
    setSession(created);
    loadView(created, map.viewport())
      .then(() => {
        markBoot('ready');
        setPhase({ state: 'ready' });
        setPageState('ready');
      })
      .catch((error: Error) => fail({ what: 'map-failed', title: "The map's data could not load", detail: error.message }));
  };

  return {
    session,
    ready,
    failure: phase.state === 'failed' ? phase.failure : null,
    viewport,
    snapshot,
    mapEvents: {
      onReady,
      onError: (error) => fail({ what: 'map-failed', title: 'The map could not start', detail: error.message }),
      onViewport: (view) => {
        if (session) void loadView(session, view);
      },
    },
    reload: () => {
      if (session && viewport && ready) void loadView(session, viewport).catch(() => undefined);
    },
  };
}
