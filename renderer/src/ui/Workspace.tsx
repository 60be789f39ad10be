// The analyst's screen: HUD bar on top, playback bar below, the brief and the side panel beside the map (each folds
// away and the map takes its room). Each hook has one job; this component wires them together.
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { HealthReport, UiSettings } from '../api/api-types';
import type { AddressState } from '../boot/view-address';
import { countsBehindCursor, fireCounterLabels } from '../data/fire-counter-labels';
import { incidentsDiscoveredBy } from '../data/incidents-discovered';
import { useFireWindow } from '../data/use-fire-window';
import { useCollapsible } from '../data/use-collapsible';
import { useOnePanelWhenNarrow } from '../data/use-one-panel-when-narrow';
import { useHealth } from '../data/use-health';
import { OfflineDetailNote } from './OfflineDetailNote';
import { landDetailLoaded } from '../map/land-detail';
import { useLayerVisibility } from '../data/use-layer-visibility';
import { useNearestFire } from '../data/use-nearest-fire';
import { useLiveMessages } from '../data/use-live-messages';
import { applyViewFilter, useMapSession } from '../data/use-map-session';
import { useNewsDigest } from '../data/use-news-digest';
import { useRefreshTimers } from '../data/use-refresh-timers';
import { useSourceUpdates } from '../data/use-source-updates';
import { useTimeZoneHome } from '../data/use-time-zone-home';
import { useViewAddress } from '../data/use-view-address';
import { ViewRelay } from '../live/view-relay';
import { countInView } from '../data/count-in-view';
import { listCut } from '../data/list-limits';
import { MINUTE_MS } from '../data/time-windows';
import { chosenWindowHasEnded, describeFilter, fireTileQuery, hasChosenWindow, playbackReachStart, type ViewFilter, windowSpanMs } from '../data/view-filter';
import { formatShortUtc } from '../format/time-format';
import { CameraPanel } from './CameraPanel';
import { CursorCoordinates } from './CursorCoordinates';
import { ErrorScreen } from './ErrorScreen';
import { draftReducer, NO_DRAFT } from './geofence-draft';
import { Hud } from './Hud';
import { type MapEvents, type MapSetup, MapView } from './MapView';
import { ExportButton } from './ExportButton';
import { HomeButton } from './HomeButton';
import { MeasureTool } from './MeasureTool';
import { NearestFireNote } from './NearestFireNote';
import { noDataReason } from './hud/stale-feeds';
import { PlaybackBar } from './PlaybackBar';
import { SearchBox } from './SearchBox';
import { ShortcutsHelp } from './ShortcutsHelp';
import { SidePanel } from './SidePanel';
import { TimeZoneHomeNote } from './TimeZoneHomeNote';

/**
 * Below this width a first start folds the brief, so the map keeps room: at 1,280 and 1,366 px (most laptops) the
 * brief beside the side panel left it 600–686 px of the window; folded, 920–1,006. Its warnings stay in sight.
 */
const FOLD_BRIEF_BELOW_PX = 1400;
/** Below this width opening one of the brief and the side panel folds the other, so the map keeps room between them (app.css: and the folded brief hides its warnings). */
const NARROW_WINDOW_PX = 1200;
// "Show it" of the nearest fire: the map's zoom, but close enough to find the spot and far enough to see around it.
const NEAREST_FIRE_MIN_ZOOM = 6;
const NEAREST_FIRE_MAX_ZOOM = 10;

export function Workspace({ api, initialHealth, settings, address }: { api: ApiClient; initialHealth: HealthReport; settings: UiSettings; address: AddressState }) {
  const { health, healthError, applyLive } = useHealth(api, initialHealth);
  const news = useNewsDigest(api);
  // The view the live socket follows: told before each read of the view.
  const [liveView] = useState(() => new ViewRelay());
  const { session, ready, failure, viewport, snapshot, mapEvents, reload } = useMapSession(api, address.filter, liveView);
  // The HUD's hour/day counts and the timeline load after ready, off the path to the first drawn map.
  const readyView = ready ? viewport : null;
  // The analyst's filters: the map's fires, the HUD's counts and the export all read this one.
  const [filter, setFilter] = useState<ViewFilter>(address.filter);
  // A chosen window's ends in UTC (the From and To fields show them in local time), short enough for the HUD's line.
  const fenceName = filter.geofenceId ? (snapshot.geofences.find((fence) => fence.id === filter.geofenceId)?.name ?? null) : null;
  const filterWords = describeFilter(filter, (epochMs) => formatShortUtc(new Date(epochMs)), fenceName);
  // The playback cursor's minute (null: live): the HUD's counts and alerts follow it.
  const [playbackMinute, setPlaybackMinute] = useState<number | null>(null);
  // The aircraft the map shows at that minute (null until they are in): the HUD and the Layers tab count them, not now's.
  const [pastAircraftCount, setPastAircraftCount] = useState<number | null>(null);
  const fireWindow = useFireWindow(api, readyView, filter, playbackMinute);
  // Back to live, a playback minute's counts are not shown beside "Live" while now's are read: "–" until they are.
  const hudFireCounts = playbackMinute === null && fireWindow.countsMinute !== null ? null : fireWindow.counts;
  // The Layers tab's fires are the HUD's: the server's count of the view under the filter, as the tiles and points are
  // read (in playback, of the window up to a playback minute: the cursor's or, while playing, one a step behind).
  // Counted from what the map drew, detections of one minute a tile's grid put on one spot read as one (1,996 of
  // 2,000 at the world view of a global MODIS day).
  const countsOfShownMinute = (playbackMinute === null) === (fireWindow.countsMinute === null);
  const layerFireCount = countsOfShownMinute ? (fireWindow.counts?.inWindow ?? null) : null;
  const hudCountsMinute = playbackMinute === null ? null : fireWindow.countsMinute;
  const hudAlerts = useMemo(() => {
    if (playbackMinute === null) return snapshot.alerts;
    const end = playbackMinute + MINUTE_MS;
    const start = end - windowSpanMs(filter, Date.now());
    return snapshot.alerts.filter((alert) => Date.parse(alert.createdAt) < end && Date.parse(alert.createdAt) >= start);
  }, [snapshot.alerts, playbackMinute, filter]);
  const shownSnapshot = useMemo(() => {
    if (playbackMinute === null) return { ...snapshot, counts: { ...snapshot.counts, fires: layerFireCount } };
    const aircraft = pastAircraftCount ?? snapshot.aircraftCount;
    const incidents = incidentsDiscoveredBy(snapshot.incidentsDiscovered, playbackMinute + MINUTE_MS);
    // The alerts of the window before the cursor's minute, as the map and the HUD show them (it said now's).
    const alerts = countInView(hudAlerts, viewport?.bbox ?? null);
    // In playback the Layers tab counts what the map shows at the cursor's minute, as the HUD does: the aircraft then,
    // the fires of the window up to it, and the incidents discovered by then.
    // The incidents of the minute are of now's list: cut, it may lack some of them too.
    const cut = { ...snapshot.cut, aircraft: listCut('aircraft', aircraft) };
    return { ...snapshot, aircraftCount: aircraft, cut, counts: { ...snapshot.counts, aircraft, fires: layerFireCount, incidents, alerts } };
  }, [snapshot, playbackMinute, pastAircraftCount, layerFireCount, hudAlerts, viewport]);
  const { visibility, toggle } = useLayerVisibility(session, address.layers);
  // Live, a view of no fire detection with the fires shown: where the nearest one is (the note under the search box),
  // asked again when the fires are fetched anew.
  const firesFetchedAt = health.pipelines.fires?.lastSuccessAt ?? null;
  const noFiresInView = playbackMinute === null && visibility.fires && layerFireCount === 0;
  const nearestFire = useNearestFire(api, readyView, filter, noFiresInView, firesFetchedAt);
  useViewAddress(viewport, visibility, filter, playbackMinute);
  const [camera, setCamera] = useState<{ id: string; title: string } | null>(null);
  const [draft, dispatchDraft] = useReducer(draftReducer, NO_DRAFT);
  // The layout follows the panels: the map's box (and its controls with it) takes the room a folded panel leaves.
  const brief = useCollapsible('brief', '[', FOLD_BRIEF_BELOW_PX);
  const panels = useCollapsible('side-panel', ']');
  useOnePanelWhenNarrow(brief, panels, NARROW_WINDOW_PX);
  // The map's Export button: the panel unfolds and opens at its Export section.
  const [exportAsked, setExportAsked] = useState(0);
  const { unfold: unfoldPanels } = panels;
  const showExport = useCallback(() => {
    unfoldPanels();
    setExportAsked((count) => count + 1);
  }, [unfoldPanels]);

  // The same view again: its layers and the HUD's counts.
  const reloadView = () => {
    reload();
    fireWindow.refresh();
  };
  // A socket that opened while the first view was read but not yet drawn: the view is read again once it is.
  const [catchUpWhenReady, setCatchUpWhenReady] = useState(false);
  const live = useLiveMessages(api, {
    session,
    view: liveView,
    onFire: fireWindow.addLiveFire,
    onHealth: applyLive,
    // Events sent while no socket was open are not replayed: a view already read is read again (after a drop, or when
    // the first connection opened only after the first view was read).
    onOpen: () => {
      if (!session) return;
      if (!ready) return setCatchUpWhenReady(true);
      session.map.refreshFireTiles();
      reloadView();
    },
  });
  const catchUp = useEffectEvent(() => {
    setCatchUpWhenReady(false);
    session?.map.refreshFireTiles();
    reloadView();
  });
  useEffect(() => {
    if (ready && catchUpWhenReady) catchUp();
  }, [ready, catchUpWhenReady]);
  useRefreshTimers({ session, viewport, ready, reloadView });
  // In playback the map's data reaches back to the window before the cursor (from the start of its hour): read again
  // when that hour changes, not at each minute the cursor passes.
  const reachStart = playbackReachStart(filter, playbackMinute, Date.now());
  const appliedReach = useRef<number | null>(null);
  const changeFilter = (next: ViewFilter) => {
    setFilter(next);
    if (!session) return;
    appliedReach.current = playbackReachStart(next, playbackMinute, Date.now());
    applyViewFilter(session, next, appliedReach.current);
    if (ready) reloadView();
  };
  useEffect(() => {
    if (!session || reachStart === appliedReach.current) return;
    appliedReach.current = reachStart;
    applyViewFilter(session, filter, reachStart);
    if (ready) reloadView();
    // Only the reach moving asks: a filter change applies itself (changeFilter).
  }, [session, reachStart]);
  // A fence the filter names that is gone (deleted here, or by another analyst of the same server): the filter lets go
  // of it, rather than keep the map narrowed to a fence no one can see or choose, and fail at the next read.
  const fencesRead = snapshot.status.geofences?.status === 'ok';
  // The fences kept now, once read: an alert of one no longer among them says its fence was deleted.
  const fenceIds = useMemo(() => (fencesRead ? new Set(snapshot.geofences.map((fence) => fence.id)) : null), [fencesRead, snapshot.geofences]);
  useEffect(() => {
    if (!filter.geofenceId || !fencesRead || snapshot.geofences.some((fence) => fence.id === filter.geofenceId)) return;
    changeFilter({ ...filter, geofenceId: null });
    // Only a change of the fences (or of the filter's fence) asks.
  }, [snapshot.geofences, fencesRead, filter.geofenceId]);
  // A source that has just run (its first run at start, above all) shows its data now, not at the next re-read.
  useSourceUpdates(health.pipelines, ready, (names) => {
    if (names.includes('news') || names.includes('summaries')) news.refresh();
    if (!session || !ready) return;
    if (names.includes('aircraft')) void session.layers.refreshAircraft();
    if (names.includes('fires')) session.map.refreshFireTiles();
    if (names.some((name) => name === 'fires' || name === 'incidents' || name === 'cameras')) reloadView();
  });

  const mapSetup = useMemo<MapSetup>(
    () => ({
      apiOrigin: api.baseUrl,
      authorization: api.authorization,
      initialView: address.view ?? 'world',
      basemap: { styleUrl: settings.mapStyleUrl },
      fireTileQuery: fireTileQuery(address.filter),
    }),
    [api, address, settings],
  );
  const events: MapEvents = {
    ...mapEvents,
    onCameraClick: setCamera,
    onDrawChange: (points) => dispatchDraft({ type: 'corners', points }),
    onDrawFinished: (polygon) => dispatchDraft({ type: 'finished', polygon }),
  };
  const controller = session?.map ?? null;
  const showNearestFire = useCallback((at: [number, number]) => {
    if (!controller || !viewport) return;
    controller.flyTo({ center: at, zoom: Math.min(Math.max(viewport.zoom, NEAREST_FIRE_MIN_ZOOM), NEAREST_FIRE_MAX_ZOOM), pin: 'Nearest fire detection' });
  }, [controller, viewport]);
  // An address without a view (a fresh start) opens on this computer's region when it is known in time, else on the
  // world and then there.
  const home = useTimeZoneHome(api, controller, address.view === null, ready);
  // The aircraft aggregator's licence (adsb.lol: ODbL) is credited on the map while it feeds it.
  useEffect(() => controller?.setCredits(health.attributions), [controller, health.attributions]);
  // The basemap's land at 1:10m, from zoom 6, once the gazetteer's load has put it in the place tiles.
  const landLoaded = landDetailLoaded(health);
  useEffect(() => controller?.setLandDetail(landLoaded), [controller, landLoaded]);

  // The window the alerts shown are of: the brief column and the legend name it.
  const alertsWindow = fireCounterLabels(filter, playbackMinute, Date.now()).window;

  return (
    <div className="workspace" data-brief={brief.collapsed ? 'folded' : 'open'} data-panels={panels.collapsed ? 'folded' : 'open'}>
      {/* First in the page's order: the first Tab stop is the search box (it came after the map, the brief and every
          control of the side panel, the 31st). */}
      <SearchBox api={api} controller={controller} />
      <MapView setup={mapSetup} events={events} opening={home.opening} />
      {/* The map's own tools, next to it in the page's order: after its zoom buttons, not after the playback bar (the
          last Tab stops). Placed on the map by their styles. */}
      <HomeButton api={api} controller={controller} />
      <ExportButton onShowExport={showExport} />
      <MeasureTool controller={controller} drawing={draft.drawing} />
      <ShortcutsHelp />
      {/* Until the first view is drawn with its data, the map's place says what is coming rather than lying blank; once
          the basemap is drawn, a line under the search box says the data is still on its way (the words across the
          middle stayed over a drawn map). */}
      {!ready && !failure && (
        <div className={session ? 'map-loading map-loading-data' : 'map-loading'} role="status" data-testid="map-loading">
          {session ? <span>Loading fires, aircraft and incidents…</span> : 'Loading the map…'}
        </div>
      )}
      {/* The map's own code or data did not load (an update mid-load, a file gone): a reload of the page starts it again. */}
      {failure && <ErrorScreen failure={failure} onRetry={() => window.location.reload()} retryLabel="Reload" />}
      <Hud
        health={health}
        healthError={healthError}
        live={live}
        fireWindow={hudFireCounts}
        filterWords={filterWords}
        fireLabels={fireCounterLabels(filter, hudCountsMinute, Date.now())}
        fireCountsBehind={countsBehindCursor(playbackMinute, hudCountsMinute)}
        // In playback the counter says the window's length up to the cursor: the chosen ends beside it told another time.
        windowIsChosen={hasChosenWindow(filter) && playbackMinute === null}
        // The chosen window's words lead the filter line (describeFilter).
        endedWindow={chosenWindowHasEnded(filter, Date.now()) ? (filterWords[0] ?? null) : null}
        playbackMinute={playbackMinute}
        aircraftCount={shownSnapshot.aircraftCount}
        aircraftCut={shownSnapshot.cut.aircraft === true}
        alerts={hudAlerts}
        fenceIds={fenceIds}
        loaded={ready}
        alertsWindow={alertsWindow}
        onShowAlert={(alert) => alert.geometry && controller?.flyToGeometry(alert.geometry)}
        news={news}
        brief={brief}
        hiddenLayers={{ fires: !visibility.fires, aircraft: !visibility.aircraft }}
      />
      <SidePanel
        folding={panels}
        api={api}
        controller={controller}
        snapshot={shownSnapshot}
        visibility={visibility}
        onToggle={toggle}
        filter={filter}
        filterWords={filterWords}
        alertsWindow={alertsWindow}
        playbackMinute={playbackMinute}
        firesBehind={countsBehindCursor(playbackMinute, hudCountsMinute) ? fireCounterLabels(filter, hudCountsMinute, Date.now()).window : null}
        onFilterChange={changeFilter}
        viewport={readyView}
        draft={draft}
        dispatchDraft={dispatchDraft}
        onGeofencesChanged={() => void session?.layers.reloadGeofences()}
        pipelines={health.pipelines}
        exportAsked={exportAsked}
      />
      {/* Under the search box, one above the other. */}
      <div className="map-notes">
        <TimeZoneHomeNote state={home} />
        <OfflineDetailNote controller={controller} viewport={readyView} />
        <NearestFireNote answer={nearestFire} filter={filter} feedDeliveredNothing={noDataReason(health.pipelines.fires) !== null} onShow={showNearestFire} />
      </div>
      <CursorCoordinates controller={controller} />
      <PlaybackBar
        api={api}
        controller={controller}
        viewport={readyView}
        filter={filter}
        openAt={address.at}
        onMinuteChange={setPlaybackMinute}
        onPastAircraftCount={setPastAircraftCount}
        onLiveAircraft={() => void session?.layers.showLiveAircraft()}
      />
      {camera && <CameraPanel api={api} camera={camera} onClose={() => setCamera(null)} />}
    </div>
  );
}
