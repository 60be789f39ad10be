// The analyst's screen: map underneath, HUD on top, side panel, playback bar. Wires data to the map.
import type { Polygon } from 'geojson';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { HealthReport, LiveServerMessage, UiSettings } from '../api/api-types';
import type { BootFailure } from '../boot/check-access';
import type { InitialView } from '../boot/initial-view';
import { setPageState } from '../boot/page-state';
import { markBoot } from '../boot/timing-marks';
import { fetchFireWindowCounts, type FireWindowCounts, withLiveFire } from '../data/fire-window-counts';
import { LayerLoader, type LayerSnapshot } from '../data/layer-loader';
import { useHealth } from '../data/use-health';
import { useLiveFeed } from '../data/use-live-feed';
import { useNewsDigest } from '../data/use-news-digest';
import { emptyCounts, FIRE_POINTS_MIN_ZOOM, initialVisibility, type LayerKey, type LayerVisibility } from '../map/layer-catalog';
import type { MapController, MapViewport } from '../map/map-controller';
import { installTestHook } from '../testing/test-hook';
import { CameraPanel } from './CameraPanel';
import { ErrorScreen } from './ErrorScreen';
import { Hud } from './Hud';
import { MapView } from './MapView';
import { PlaybackBar } from './PlaybackBar';
import { SidePanel } from './SidePanel';

// The ADS-B poller runs about once a minute; reading twice as often keeps positions fresh.
const AIRCRAFT_REFRESH_MS = 30_000;
// The hour/day windows slide with the clock even when the map is still.
const FIRE_WINDOW_REFRESH_MS = 60_000;
// Fire tiles are cut to the last 24 h when served: re-read them so old fires leave and new ones show.
const FIRE_AGE_REFRESH_MS = 5 * 60_000;
const EMPTY_SNAPSHOT: LayerSnapshot = { counts: emptyCounts(), status: {}, aircraftCount: 0, alerts: [], geofences: [] };

export interface DraftState {
  drawing: boolean;
  points: number;
  polygon: Polygon | null;
}

export function Workspace({
  api,
  initialHealth,
  settings,
  initialView,
}: {
  api: ApiClient;
  initialHealth: HealthReport;
  settings: UiSettings;
  initialView: InitialView;
}) {
  const { health, healthError, applyLive } = useHealth(api, initialHealth);
  const news = useNewsDigest(api);
  const [controller, setController] = useState<MapController | null>(null);
  const [mapError, setMapError] = useState<BootFailure | null>(null);
  const [snapshot, setSnapshot] = useState<LayerSnapshot>(EMPTY_SNAPSHOT);
  const [visibility, setVisibility] = useState<LayerVisibility>(initialVisibility);
  const [fireWindow, setFireWindow] = useState<FireWindowCounts | null>(null);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [camera, setCamera] = useState<{ id: string; title: string } | null>(null);
  const [draft, setDraft] = useState<DraftState>({ drawing: false, points: 0, polygon: null });
  const loader = useRef<LayerLoader | null>(null);
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  const fireCountDirty = useRef(true);
  const viewportRef = useRef<MapViewport | null>(null);
  const controllerRef = useRef<MapController | null>(null);
  controllerRef.current = controller;
  const visibilityRef = useRef(visibility);
  visibilityRef.current = visibility;

  const onLiveMessage = useCallback(
    (message: LiveServerMessage) => {
      const layers = loader.current;
      switch (message.type) {
        case 'event':
          layers?.addLiveEvent(message.event);
          if (message.event.sourceType === 'fire') {
            fireCountDirty.current = true;
            // FIRMS data arrives hours late: a fire counts only in the windows its acquisition time is in.
            setFireWindow((counts) => counts && withLiveFire(counts, message.event.occurredAt, Date.now()));
          }
          break;
        case 'alert':
          layers?.addLiveAlert(message.alert);
          break;
        case 'correlation':
          layers?.addLiveCorrelation(message.correlation);
          break;
        case 'health':
          applyLive(message.health);
          break;
        default:
          break;
      }
    },
    [applyLive],
  );
  const refreshViewRef = useRef<(map: MapController, view: MapViewport) => Promise<void>>(async () => undefined);
  // Events sent while the socket was down are not replayed: reload the view once it is back.
  const onLiveReopen = useCallback(() => {
    const map = controllerRef.current;
    const view = viewportRef.current;
    if (!map || !view || !readyRef.current) return;
    map.refreshFireTiles();
    void refreshViewRef.current(map, view).catch(() => undefined);
  }, []);
  const { status: liveStatus, connection } = useLiveFeed(api, onLiveMessage, onLiveReopen);

  // Only the newest request may answer: a slow one for an older view or minute is aborted.
  const fireWindowRequest = useRef<AbortController | null>(null);
  const refreshFireWindow = useCallback(
    (view: MapViewport) => {
      fireWindowRequest.current?.abort();
      const abort = new AbortController();
      fireWindowRequest.current = abort;
      return fetchFireWindowCounts(api, view.bbox, abort.signal)
        .then((counts) => !abort.signal.aborted && setFireWindow(counts))
        .catch(() => !abort.signal.aborted && setFireWindow(null));
    },
    [api],
  );
  useEffect(() => () => fireWindowRequest.current?.abort(), []);

  const refreshView = useCallback(
    async (map: MapController, view: MapViewport) => {
      setViewport(view);
      viewportRef.current = view;
      connection?.setViewport(view.bbox);
      fireCountDirty.current = true;
      const counts = () => refreshFireWindow(view);
      // The first time, the HUD's hour/day counts wait until the map is drawn: they are not on the
      // path to ready and would compete with it for the two cores.
      await Promise.all([loader.current?.load(view), readyRef.current ? counts() : undefined]);
      markBoot('data-loaded');
      await map.loaded;
      await map.whenIdle();
      if (!readyRef.current) void counts();
    },
    [connection, refreshFireWindow],
  );
  refreshViewRef.current = refreshView;

  useEffect(() => {
    if (!ready) return;
    const timer = window.setInterval(() => void loader.current?.refreshAircraft(), AIRCRAFT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    const timer = window.setInterval(() => viewportRef.current && void refreshFireWindow(viewportRef.current), FIRE_WINDOW_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [ready, refreshFireWindow]);

  useEffect(() => {
    if (!ready) return;
    const timer = window.setInterval(() => {
      const map = controllerRef.current;
      const view = viewportRef.current;
      map?.refreshFireTiles();
      loader.current?.dropAgedLiveFires();
      fireCountDirty.current = true;
      // Points (zoom 6 and closer) are cut to 24 h when fetched too: re-read the view.
      if (map && view && view.zoom >= FIRE_POINTS_MIN_ZOOM) void refreshViewRef.current(map, view).catch(() => undefined);
    }, FIRE_AGE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [ready]);

  // The viewport goes to the live socket as soon as both exist (and again after each move).
  useEffect(() => {
    if (connection && viewport) connection.setViewport(viewport.bbox);
  }, [connection, viewport]);

  const onMapReady = useCallback(
    (map: MapController) => {
      loader.current = new LayerLoader(api, map, setSnapshot);
      // Toggles pressed while the map was loading apply now.
      map.setVisibility(visibilityRef.current);
      // Tiles have no client-side list: the fire count is read from what the map drew.
      // Counted after the frame settles (off the path to ready): 50,000 points take a moment to query.
      let countTimer: number | undefined;
      map.map.on('idle', () => {
        // A hidden layer draws nothing: keep the last count rather than say zero.
        if (!fireCountDirty.current || !map.isLayerVisible('fires')) return;
        window.clearTimeout(countTimer);
        countTimer = window.setTimeout(() => {
          fireCountDirty.current = false;
          loader.current?.noteRenderedFires(map.renderedFireCount());
        }, 200);
      });
      installTestHook(map);
      setController(map);
      void refreshView(map, map.viewport())
        .then(() => {
          markBoot('ready');
          readyRef.current = true;
          setReady(true);
          setPageState('ready');
          void map.loadBasemapDetail().catch(() => undefined);
        })
        .catch((error: Error) => {
          setMapError({ what: 'map-failed', title: "The map's data could not load", detail: error.message });
          setPageState('error');
        });
    },
    [api, refreshView],
  );

  const onMapError = useCallback((error: Error) => {
    setMapError({ what: 'map-failed', title: 'The map could not start', detail: error.message });
    setPageState('error');
  }, []);

  const mapOptions = useMemo(
    () => ({
      apiOrigin: api.baseUrl,
      authorization: api.authorization,
      initialView,
      basemap: { styleUrl: settings.mapStyleUrl },
      onViewport: (view: MapViewport) => {
        const map = controllerRef.current;
        if (map) void refreshViewRef.current(map, view);
      },
      onCameraClick: (selected: { id: string; title: string }) => setCamera(selected),
      onDrawChange: (points: number) => setDraft((current) => ({ ...current, points })),
      onDrawFinished: (polygon: Polygon) => setDraft({ drawing: false, points: polygon.coordinates[0]!.length - 1, polygon }),
    }),
    // The map is made once; its handlers reach the latest state through refs.
    [initialView, api, settings],
  );

  const toggleLayer = (key: LayerKey) => {
    const next = { ...visibility, [key]: !visibility[key] };
    setVisibility(next);
    controller?.setVisibility(next);
    if (key === 'fires') fireCountDirty.current = true;
  };

  return (
    <div className="workspace">
      <MapView options={mapOptions} onReady={onMapReady} onError={onMapError} />
      {mapError && <ErrorScreen failure={mapError} onRetry={null} />}
      <Hud
        health={health}
        healthError={healthError}
        live={liveStatus}
        counts={snapshot.counts}
        fireWindow={fireWindow}
        aircraftCount={snapshot.aircraftCount}
        alerts={snapshot.alerts}
        news={news}
      />
      <SidePanel
        api={api}
        controller={controller}
        snapshot={snapshot}
        visibility={visibility}
        onToggle={toggleLayer}
        draft={draft}
        setDraft={setDraft}
        onGeofencesChanged={() => void loader.current?.reloadGeofences()}
      />
      {/* The timeline loads after ready, off the path to the first drawn map. */}
      <PlaybackBar api={api} controller={controller} viewport={ready ? viewport : null} />
      {camera && <CameraPanel api={api} camera={camera} onClose={() => setCamera(null)} />}
    </div>
  );
}
