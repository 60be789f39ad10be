// Owns the MapLibre map: basemap, overlays, data updates, visibility, popups, viewport reports.
// Loaded lazily (with MapLibre in its own chunk) so the shell and HUD paint first.
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { FeatureCollection, Geometry, Polygon } from 'geojson';
import type * as MapLibre from 'maplibre-gl';
import type { DataDrivenPropertyValueSpecification, FilterSpecification, GeoJSONSource, Map as MapLibreMap, MapGeoJSONFeature, StyleSpecification, VectorTileSource } from 'maplibre-gl';
import { FIRE_POINT_OPACITY, FIRE_TILE_OPACITY, PAST_FIRE_OPACITY } from './map-palette';
import type { Bbox } from '../api/api-types';
import { markBoot } from '../boot/timing-marks';
import { WORLD_BOUNDS } from '../boot/view-address';
import { MAP_WINDOW_SECONDS, PLAYBACK_RECENT_MS } from '../data/time-windows';
import { bboxContains, viewportBbox } from '../api/viewport-bbox';
import { addAircraftIcons } from './aircraft-icons';
import { addEventIcons, EVENT_ICON, NEWS_STORY_ICON } from './event-icons';
import { addIncidentIcon, INCIDENT_ICON } from './incident-icon';
import { type BasemapChoice, offlineBasemapStyle } from './basemap-style';
import { labelFadeMs } from './label-fade';
import { LAND_DETAIL_MIN_ZOOM } from './land-detail';
import { formatBoth } from '../format/time-format';
import { objectWithItsAlerts, PICK_RADIUS_PX, type PickProps, pickedObjects } from './feature-picking';
import { backToPickList, pickListContent } from './pick-list-content';
import { GeofenceDrawing } from './geofence-drawing';
import { FIRE_POINTS_MIN_ZOOM, LAYER_KEYS, LAYERS, type LayerKey, type LayerVisibility } from './layer-catalog';
import { allAtOnePlace } from './pick-list-summary';
import { addOverlays, fireTileUrl, INCIDENT_LAYER_FILTERS, OVERLAY_LAYERS, overlaySources } from './overlay-layers';
import { layersWithOverlays } from './overlay-order';
import { DualScaleControl } from './dual-scale-control';
import { PlainAttributionControl } from './plain-attribution-control';
import { followedAircraft } from './followed-aircraft';
import { apiCameraLinks } from './nearby-cameras';
import { popupContent } from './popup-content';
import { popupFooter } from './popup-footer';
import { type MapObjectRef, openWhenDrawn } from './open-when-drawn';
import { PIN_POINT_FROM_FOOT, searchPinElement } from './search-pin';

const ONLINE_STYLE_TIMEOUT_MS = 5_000;

export interface MapViewport {
  bbox: Bbox;
  zoom: number;
  center: [number, number];
}

export interface MapControllerOptions {
  container: HTMLElement;
  apiOrigin: string;
  authorization: string;
  /** 'world': the whole inhabited world fitted to the map's width (WORLD_BOUNDS). */
  initialView: { center: [number, number]; zoom: number } | 'world';
  basemap: BasemapChoice;
  /** The fire tiles' filter query the map opens with (view-filter.ts's fireTileQuery). */
  fireTileQuery: string;
  /** Called 500 ms after the map stops moving. */
  onViewport: (viewport: MapViewport) => void;
  onCameraClick: (camera: { id: string; title: string }) => void;
  onDrawChange: (pointCount: number) => void;
  onDrawFinished: (polygon: Polygon) => void;
}

export type OverlaySourceId =
  | 'fires-points'
  | 'fires-live'
  | 'incidents'
  | 'aircraft-trails'
  | 'aircraft'
  | 'correlations'
  | 'events'
  | 'geofences'
  | 'alerts'
  | 'cameras'
  | 'playback-cells';

const VIEWPORT_DEBOUNCE_MS = 500;
const FIRE_LAYERS = ['fires-tiles', 'fires-points', 'fires-live'];
/** How far "Zoom in on them" of a long pick list zooms: eight times closer, where a cluster's detections come apart. */
const PICK_ZOOM_STEP = 3;

/** Room kept between a popup and what covers the map's edges. */
const POPUP_GAP_PX = 8;

export class MapController {
  private viewportTimer: number | undefined;
  private readonly drawingTool: GeofenceDrawing;
  private playbackEpoch: number | null = null;
  /** The filter's time window, seconds: in playback, the fires of this span before the cursor are shown. */
  private windowSeconds = MAP_WINDOW_SECONDS;
  private fireTileQuery: string;
  private popup: MapLibre.Popup | null = null;
  /** What the open popup shows (its objects' kinds). */
  private popupKinds: readonly string[] = [];
  /** The aircraft the open popup shows (its content element, alerts and line back to a list): the popup follows it. */
  private popupAircraft: { icao24: string; content: HTMLElement; alerts: readonly PickProps[]; back?: HTMLElement } | null = null;
  /** A click dispatched by Enter at the centre cross is being handled: the popup it opens takes the focus. */
  private pickingFromKeyboard = false;
  /** The pin of the last searched position. */
  private searchPin: MapLibre.Marker | null = null;
  /** Cancels the wait to open a searched object's popup (openWhenDrawn). */
  private cancelOpenWhenDrawn: (() => void) | null = null;
  private styleReady = false;
  /** The last frame drawn ended idle (MapLibre's `idle`) and none has been drawn since. */
  private idleSinceLastFrame = false;
  /** Sources start empty (the style declares them so). */
  private readonly emptySources = new Set<string>(['fires-points', 'fires-live', 'incidents', 'aircraft-trails', 'aircraft', 'correlations', 'events', 'geofences', 'alerts', 'cameras', 'playback-cells']);

  private constructor(
    readonly map: MapLibreMap,
    private readonly lib: typeof MapLibre,
    private readonly options: MapControllerOptions,
    /** Settles once the style is loaded and sources can take data; rejects if the map cannot start. */
    readonly loaded: Promise<void>,
    private readonly attribution: PlainAttributionControl,
    /** How long labels fade in and out (label-fade.ts): 0 when the system asks for reduced motion. */
    readonly labelFadeMs: number,
    /** Why the online style the settings name was not used (the shipped basemap is drawn instead); null: not asked, or used. */
    readonly onlineStyleFailure: string | null = null,
  ) {
    this.fireTileQuery = options.fireTileQuery;
    this.drawingTool = new GeofenceDrawing(map, options.onDrawChange, options.onDrawFinished);
    void loaded.then(() => (this.styleReady = true)).catch(() => undefined);
    map.on('render', () => (this.idleSinceLastFrame = false));
    map.on('idle', () => (this.idleSinceLastFrame = true));
    map.on('moveend', () => this.scheduleViewport());
    map.on('click', (event) => {
      if (this.drawingTool.drawing) return;
      const layers = this.clickableLayers();
      const { x, y } = event.point;
      const box: [[number, number], [number, number]] = [
        [x - PICK_RADIUS_PX, y - PICK_RADIUS_PX],
        [x + PICK_RADIUS_PX, y + PICK_RADIUS_PX],
      ];
      this.pick(pickedObjects(map.queryRenderedFeatures(box, { layers })), [event.lngLat.lng, event.lngLat.lat]);
    });
    window.addEventListener('keydown', this.closeOnEscape);
    // From the keyboard: the map's arrows move it and +/- zoom (MapLibre's); Enter clicks under a cross at its centre,
    // shown while the map has the keyboard's focus, so picking, drawing a geofence and measuring need no mouse.
    const canvas = map.getCanvas();
    canvas.setAttribute('aria-label', 'Map. Arrow keys move it, plus and minus zoom, Enter picks or places a point at the centre cross.');
    canvas.addEventListener('keydown', this.clickOnEnter);
    canvas.addEventListener('mousedown', this.stopKeyboardPointing);
    canvas.addEventListener('blur', this.stopKeyboardPointing);
    const cross = document.createElement('div');
    cross.className = 'keyboard-cross';
    cross.dataset.testid = 'keyboard-cross';
    cross.setAttribute('aria-hidden', 'true');
    map.getContainer().appendChild(cross);
    for (const id of LAYER_KEYS.flatMap((key) => LAYERS[key].clickable)) {
      map.on('mouseenter', id, () => !this.drawingTool.drawing && (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', id, () => !this.drawingTool.drawing && (map.getCanvas().style.cursor = ''));
    }
  }

  /**
   * Answers as soon as the map exists (its bounds are known), so layer data can be fetched while the
   * style, worker and first tiles load; `loaded` settles when the map can take data.
   */
  static async create(options: MapControllerOptions): Promise<MapController> {
    const [lib, { style, onlineStyleFailure }] = await Promise.all([import('maplibre-gl'), MapController.style(options.basemap, options.apiOrigin, options.fireTileQuery)]);
    // Bundled builds cannot find the worker beside the library: point MapLibre at the emitted file.
    lib.setWorkerUrl(new URL(workerUrl, window.location.href).href);
    const fadeDuration = labelFadeMs();
    const map = new lib.Map({
      container: options.container,
      style,
      ...(options.initialView === 'world'
        ? { bounds: WORLD_BOUNDS, fitBoundsOptions: { padding: 8 } }
        : { center: options.initialView.center, zoom: options.initialView.zoom }),
      // Our own control writes the attribution as text (a third-party style's HTML is not trusted).
      attributionControl: false,
      renderWorldCopies: true,
      fadeDuration,
      maxPitch: 0,
      dragRotate: false,
      // Tiles come from the API: same origin, bearer token in the header.
      transformRequest: (url) =>
        url.startsWith(`${options.apiOrigin}/api/`) ? { url, headers: { Authorization: options.authorization } } : { url },
    });
    markBoot('map-created');
    // North stays up: no rotation by touch or keyboard either (Shift+←/→ step the playback cursor).
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    // Zoom buttons alone in the bottom-right corner (the map buttons stack above them); the scale bars (km over mi)
    // bottom-left with the credits above them (a later bottom control goes on top), free to wrap across the map's width.
    map.addControl(new lib.NavigationControl({ showCompass: false }), 'bottom-right');
    map.addControl(new DualScaleControl([new lib.ScaleControl({ unit: 'metric' }), new lib.ScaleControl({ unit: 'imperial' })]), 'bottom-left');
    const attribution = new PlainAttributionControl();
    map.addControl(attribution, 'bottom-left');
    // The icons go in with the style, before any tile is laid out (added at `load`, they cost a redraw of the whole
    // map); a layer that asks before that has them drawn on demand.
    map.once('style.load', () => {
      addAircraftIcons(map);
      addIncidentIcon(map);
      addEventIcons(map);
    });
    map.on('styleimagemissing', (event: { id: string }) => {
      if (event.id.startsWith('aircraft')) addAircraftIcons(map);
      if (event.id === INCIDENT_ICON) addIncidentIcon(map);
      if (event.id === EVENT_ICON || event.id === NEWS_STORY_ICON) addEventIcons(map);
    });
    const loaded = new Promise<void>((resolve, reject) => {
      const onError = (event: { error?: { message: string } }) => reject(new Error(event.error?.message ?? 'the map could not start'));
      map.once('error', onError);
      map.once('load', () => {
        map.off('error', onError);
        // An online style arrives without our layers: add them on top (a no-op for the offline style).
        addOverlays(map, options.apiOrigin, options.fireTileQuery);
        markBoot('map-loaded');
        resolve();
      });
    });
    return new MapController(map, lib, options, loaded, attribution, fadeDuration, onlineStyleFailure);
  }

  /**
   * The offline basemap with the overlays built in (one load for both), unless settings name an online
   * style — and that style answers: in the field with no network the shipped basemap is drawn instead.
   */
  private static async style(basemap: BasemapChoice, apiOrigin: string, fireTileQuery: string): Promise<{ style: StyleSpecification; onlineStyleFailure: string | null }> {
    let onlineStyleFailure: string | null = null;
    if (basemap.styleUrl) {
      try {
        const response = await fetch(basemap.styleUrl, { signal: AbortSignal.timeout(ONLINE_STYLE_TIMEOUT_MS) });
        if (response.ok) return { style: (await response.json()) as StyleSpecification, onlineStyleFailure: null };
        onlineStyleFailure = `its address answered HTTP ${response.status}`;
      } catch (error) {
        // Offline, or the style host is away: fall through to the shipped basemap. (A browser names no reason for a
        // failed request: a wrong host name and no network look alike.)
        onlineStyleFailure =
          error instanceof DOMException && error.name === 'TimeoutError'
            ? `its address did not answer in ${ONLINE_STYLE_TIMEOUT_MS / 1000} s`
            : error instanceof SyntaxError
              ? 'its address did not answer with a style (JSON)'
              : 'its address could not be reached (no network, or a wrong address)';
      }
    }
    const base = offlineBasemapStyle(apiOrigin);
    return {
      style: { ...base, sources: { ...base.sources, ...overlaySources(apiOrigin, fireTileQuery) }, layers: layersWithOverlays(base.layers, OVERLAY_LAYERS) },
      onlineStyleFailure,
    };
  }

  viewport(): MapViewport {
    const bounds = this.map.getBounds();
    const center = this.map.getCenter();
    return {
      bbox: viewportBbox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()),
      zoom: this.map.getZoom(),
      center: [center.lng, center.lat],
    };
  }

  private scheduleViewport(): void {
    window.clearTimeout(this.viewportTimer);
    this.viewportTimer = window.setTimeout(() => this.options.onViewport(this.viewport()), VIEWPORT_DEBOUNCE_MS);
  }

  /** Style changes asked for before load are applied once it is loaded. */
  private whenStyleReady(apply: () => void): void {
    if (this.styleReady) apply();
    else void this.loaded.then(apply).catch(() => undefined);
  }

  setData(source: OverlaySourceId, data: FeatureCollection<Geometry>): void {
    if (!this.styleReady) return this.whenStyleReady(() => this.setData(source, data));
    // Empty over empty changes nothing but still costs a worker round trip and a redraw.
    const empty = data.features.length === 0;
    if (empty && this.emptySources.has(source)) return;
    if (empty) this.emptySources.add(source);
    else this.emptySources.delete(source);
    (this.map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
    if (source === 'aircraft') this.followPopupAircraft(data);
  }

  /**
   * The open popup of an aircraft goes where the new read has it, with its new words. Its content element keeps its
   * place and takes the new children: MapLibre's setDOMContent moves the focus into the popup (a read every 30 s took
   * the keys from the search box). Not while the focus is on something in the words (a link would be lost).
   */
  private followPopupAircraft(data: FeatureCollection<Geometry>): void {
    const followed = this.popupAircraft;
    const popup = this.popup;
    if (!followed || !popup?.isOpen()) return;
    const props = followedAircraft(data, followed.icao24);
    if (!props) return;
    const position = props.position as [number, number];
    popup.setLngLat(position);
    if (followed.content.contains(document.activeElement)) return;
    const fresh = this.objectContent(props, position, followed.alerts, position, followed.back);
    followed.content.replaceChildren(...fresh.childNodes);
  }

  setVisibility(visibility: LayerVisibility): void {
    if (!this.styleReady) return this.whenStyleReady(() => this.setVisibility(visibility));
    for (const key of LAYER_KEYS) {
      for (const id of LAYERS[key].styleLayers) {
        if (!this.map.getLayer(id)) continue;
        // MapLibre reloads a layer's source on any visibility write that changes its value, and an unset value is not
        // 'visible' to it: writing 'visible' over the default re-reads every fire tile. Only real changes are written.
        const wanted = visibility[key] ? 'visible' : 'none';
        if ((this.map.getLayoutProperty(id, 'visibility') ?? 'visible') !== wanted) this.map.setLayoutProperty(id, 'visibility', wanted);
      }
    }
  }

  isLayerVisible(key: LayerKey): boolean {
    return LAYERS[key].styleLayers.every((id) => this.map.getLayer(id) && this.map.getLayoutProperty(id, 'visibility') !== 'none');
  }

  renderedFeatures(key: LayerKey): MapGeoJSONFeature[] {
    const layers = LAYERS[key].styleLayers.filter((id) => this.map.getLayer(id));
    return this.map.queryRenderedFeatures({ layers });
  }

  /** Whether the layer draws anything in the view (a picture's legend names only those); fires their playback cells too. */
  drawsInView(key: LayerKey): boolean {
    if (this.renderedFeatures(key).length > 0) return true;
    return key === 'fires' && Boolean(this.map.getLayer('playback-cells')) && this.map.queryRenderedFeatures({ layers: ['playback-cells'] }).length > 0;
  }

  featuresNear(key: LayerKey, lon: number, lat: number, radius: number): MapGeoJSONFeature[] {
    const { x, y } = this.map.project([lon, lat]);
    const layers = LAYERS[key].styleLayers.filter((id) => this.map.getLayer(id));
    return this.map.queryRenderedFeatures(
      [
        [x - radius, y - radius],
        [x + radius, y + radius],
      ],
      { layers },
    );
  }

  /** Fires drawn in the view, for the test hook (tiles overlap by a buffer: the same point is counted once). */
  renderedFireCount(): number {
    const seen = new Set<string>();
    // Fires whose place is in the view, as the HUD counts them (GET /api/fires/count of the view's bbox): a circle
    // drawn over the edge from a fire just outside is not one of them.
    const { bbox } = this.viewport();
    for (const feature of this.map.queryRenderedFeatures({ layers: FIRE_LAYERS.filter((id) => this.map.getLayer(id)) })) {
      const props = feature.properties;
      // A live fire may also be in the points or tiles: same minute, satellite, power and place (to ~100 m: a tile
      // moves a point to its grid) is one fire. Detections of one minute and place that differ in power are two.
      const [lon, lat] = (feature.geometry as { coordinates?: [number, number] }).coordinates ?? [0, 0];
      // A copy of the world east or west of the first gives its longitudes past ±180 (and one fire may come from
      // tiles on both sides of the antimeridian): wrapped for the view and for the key alike.
      const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
      if (!bboxContains(bbox, wrapped, lat)) continue;
      // Tiles carry FRP as a 32-bit float (12.35 reads 12.3499…), points and live fires as a 64-bit one: compared as
      // the 32-bit value, one detection gives one key.
      const frp = props.frp === undefined || props.frp === null ? '' : Math.fround(Number(props.frp)).toFixed(1);
      seen.add(`${Math.floor(Number(props.acqTime) / 60)}|${String(props.satellite ?? '')}|${frp}|${wrapped.toFixed(3)}|${lat.toFixed(3)}`);
    }
    return seen.size;
  }

  /** Playback: fires as of that minute (the filter's window before it) and the minute cells; null = live. */
  setPlaybackMinute(minute: Date | null): void {
    if (!this.styleReady) return this.whenStyleReady(() => this.setPlaybackMinute(minute));
    const epoch = minute ? Math.floor(minute.getTime() / 1000) + 59 : null;
    // A new filter makes MapLibre rebuild every fire tile's buckets: only when it really changes.
    if (epoch === this.playbackEpoch) return;
    this.playbackEpoch = epoch;
    this.applyPlaybackFilter();
    this.map.setLayoutProperty('playback-cells', 'visibility', minute ? 'visible' : 'none');
  }

  private applyPlaybackFilter(): void {
    const filter: FilterSpecification | null =
      this.playbackEpoch === null ? null : ['all', ['<=', ['get', 'acqTime'], this.playbackEpoch], ['>', ['get', 'acqTime'], this.playbackEpoch - this.windowSeconds]];
    for (const id of FIRE_LAYERS) if (this.map.getLayer(id)) this.map.setFilter(id, filter);
    // The cursor's hour bright, the window's older detections faded: played, the fires move with the cursor (in a
    // 24 h window, two hours played had changed the points hardly at all).
    const recentFrom = this.playbackEpoch === null ? null : this.playbackEpoch - PLAYBACK_RECENT_MS / 1000;
    for (const [id, opacity] of [['fires-tiles', FIRE_TILE_OPACITY], ['fires-points', FIRE_POINT_OPACITY], ['fires-live', 1]] as const) {
      if (!this.map.getLayer(id)) continue;
      const faded: DataDrivenPropertyValueSpecification<number> = recentFrom === null ? opacity : ['case', ['>', ['get', 'acqTime'], recentFrom], opacity, PAST_FIRE_OPACITY];
      this.map.setPaintProperty(id, 'circle-opacity', faded);
      this.map.setPaintProperty(id, 'circle-stroke-opacity', faded);
    }
    // Alerts and events as they stood at the cursor: those of the window before it.
    const before = (property: string): FilterSpecification | null =>
      this.playbackEpoch === null ? null : ['all', ['<=', ['get', property], this.playbackEpoch], ['>', ['get', property], this.playbackEpoch - this.windowSeconds]];
    for (const id of LAYERS.alerts.styleLayers) if (this.map.getLayer(id)) this.map.setFilter(id, before('createdEpoch'));
    for (const id of LAYERS.events.styleLayers) if (this.map.getLayer(id)) this.map.setFilter(id, before('occurredEpoch'));
    // Incidents last for weeks: those discovered by the cursor's minute, whenever that was (undated ones always).
    const discovered: FilterSpecification | null = this.playbackEpoch === null ? null : ['<=', ['coalesce', ['get', 'discoveredEpoch'], 0], this.playbackEpoch];
    for (const [id, own] of Object.entries(INCIDENT_LAYER_FILTERS)) if (this.map.getLayer(id)) this.map.setFilter(id, discovered ? ['all', own, discovered] : own);
  }

  /**
   * The analyst's filter for the fire tiles (view-filter.ts's query) and its window's length: tiles are asked
   * for again only when the query changes.
   */
  setFireFilter(query: string, windowSeconds: number): void {
    if (!this.styleReady) return this.whenStyleReady(() => this.setFireFilter(query, windowSeconds));
    if (windowSeconds !== this.windowSeconds) {
      this.windowSeconds = windowSeconds;
      if (this.playbackEpoch !== null) this.applyPlaybackFilter();
    }
    if (query === this.fireTileQuery) return;
    this.fireTileQuery = query;
    // A fire's popup goes with the filter it was opened under: the new one may hide that fire (it stayed open, pointing
    // at an empty map).
    if (this.popupKinds.some((kind) => kind === 'fire' || kind === 'fire-live')) this.popup?.remove();
    const source = this.map.getSource('fire-tiles') as VectorTileSource | undefined;
    source?.setTiles([fireTileUrl(this.options.apiOrigin, query)]);
    // The old tiles are dropped and the new ones not yet asked for: until they are drawn the map is not settled (a
    // count of the frame now would be of the old filter's fires).
    this.idleSinceLastFrame = false;
  }

  /** A copy of the map as drawn now (the drawing buffer is only readable while a frame is being drawn). */
  captureCanvas(): Promise<HTMLCanvasElement> {
    return new Promise((resolve) => {
      this.map.once('render', () => {
        const source = this.map.getCanvas();
        const copy = document.createElement('canvas');
        copy.width = source.width;
        copy.height = source.height;
        copy.getContext('2d')?.drawImage(source, 0, 0);
        resolve(copy);
      });
      this.map.triggerRepaint();
    });
  }

  get playbackMinuteEpoch(): number | null {
    return this.playbackEpoch;
  }

  /** Credits the data sources ask for (health's `attributions`), on the map's attribution line. */
  setCredits(credits: readonly string[]): void {
    this.attribution.setCredits(credits);
  }

  /**
   * With the land at 1:10m in the place tiles (the gazetteer loaded), the offline basemap's 1:50m land and coasts are
   * drawn only below the zoom it begins at: over Los Angeles at zoom 10 they put land over Santa Monica Bay.
   */
  setLandDetail(loaded: boolean): void {
    if (!this.styleReady) return this.whenStyleReady(() => this.setLandDetail(loaded));
    // An online style has no shipped shapes to hand over.
    if (!this.map.getLayer('land-detail')) return;
    const coarseUntil = loaded ? LAND_DETAIL_MIN_ZOOM : 24;
    for (const id of ['countries', 'coasts']) if (this.map.getLayer(id)) this.map.setLayerZoomRange(id, 0, coarseUntil);
  }

  /** Tiles are cut to the last 24 h when fetched: re-read so new fires appear and old ones leave. */
  refreshFireTiles(): void {
    if (this.styleReady && this.map.getSource('fire-tiles')) this.map.refreshTiles('fire-tiles');
  }

  /** Fits the map to a GeoJSON geometry's coordinates (an alert's point, a geofence's polygon). */
  flyToGeometry(geometry: { coordinates?: unknown }): void {
    const coordinates: Array<[number, number]> = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value) && typeof value[0] === 'number') coordinates.push([value[0], value[1] as number]);
      else if (Array.isArray(value)) value.forEach(walk);
    };
    walk(geometry.coordinates);
    if (coordinates.length === 0) return;
    const bounds = new this.lib.LngLatBounds(coordinates[0], coordinates[0]);
    for (const point of coordinates) bounds.extend(point);
    this.map.fitBounds(bounds, { padding: 80, maxZoom: 10, duration: 800 });
  }

  /**
   * Search: fly to a bbox (west, south, east, north) when there is one, else to a centre and zoom. An object's popup
   * opens once the map draws it there (`object`); a position gets a pin (`pin`: what it is called), which stays until
   * the next search or a click on it.
   */
  flyTo(target: {
    center: [number, number];
    zoom: number;
    bbox?: [number, number, number, number] | null;
    maxZoom?: number;
    object?: MapObjectRef;
    pin?: string;
    /** What to open at the centre should the object not be drawn there (a story older than the map's window). */
    fallback?: PickProps;
  }): void {
    this.cancelOpenWhenDrawn?.();
    this.cancelOpenWhenDrawn = null;
    this.popup?.remove();
    this.searchPin?.remove();
    this.searchPin = target.pin ? this.pinAt(target.center, target.pin) : null;
    if (target.bbox) this.map.fitBounds(target.bbox, { padding: 60, maxZoom: target.maxZoom ?? 12, duration: 1200 });
    else this.map.flyTo({ center: target.center, zoom: target.zoom, duration: 1200 });
    const { fallback } = target;
    if (target.object) {
      this.cancelOpenWhenDrawn = openWhenDrawn(this.map, () => this.clickableLayers(), target.object, (props, at) => this.open(props, at), fallback && (() => this.open(fallback, target.center)));
    }
  }

  private pinAt(at: [number, number], label: string): MapLibre.Marker {
    const element = searchPinElement(label, () => {
      pin.remove();
      if (this.searchPin === pin) this.searchPin = null;
    });
    const pin = new this.lib.Marker({ element, anchor: 'bottom', offset: [0, PIN_POINT_FROM_FOOT] }).setLngLat(at).addTo(this.map);
    return pin;
  }

  /** The layers a click picks from that the style has. */
  private clickableLayers(): string[] {
    return LAYER_KEYS.flatMap((key) => LAYERS[key].clickable).filter((id) => this.map.getLayer(id));
  }

  startDrawing(): void {
    this.drawingTool.start();
  }

  /** What takes the keyboard on the map: its arrows pan, and Enter clicks at the centre cross (a corner, a point). */
  keyboardTarget(): HTMLElement {
    return this.map.getCanvas();
  }

  /** The keyboard's focus on the map. */
  focus(): void {
    this.keyboardTarget().focus({ preventScroll: true });
  }

  finishDrawing(): void {
    this.drawingTool.finish();
  }

  cancelDrawing(): void {
    this.drawingTool.cancel();
  }

  clearDraft(): void {
    this.drawingTool.clear();
  }

  project(lon: number, lat: number): { x: number; y: number } {
    const point = this.map.project([lon, lat]);
    return { x: point.x, y: point.y };
  }

  /** The map is drawn on the shipped offline basemap (no online style, or one that failed and was replaced by it). */
  get offlineBasemap(): boolean {
    return this.styleReady && Boolean(this.map.getSource('basemap'));
  }

  /**
   * Everything asked for so far is drawn: the last frame ended idle, none has been drawn since, and nothing waits
   * to be (new data or a style change leaves `loaded()` false until it is drawn).
   */
  settled(): boolean {
    return this.idleSinceLastFrame && this.map.loaded() && !this.map.isMoving();
  }

  /** Resolves once everything asked for so far is loaded and drawn. */
  whenIdle(): Promise<void> {
    // The `load` frame is usually also the idle one: forcing another frame costs ~300 ms in a software renderer.
    if (this.settled()) return Promise.resolve();
    return new Promise((resolve) => {
      this.map.once('idle', () => resolve());
      this.map.triggerRepaint();
    });
  }

  /**
   * One object: its popup; several: a list to choose from (the list's popup then shows the chosen one). Picked from the
   * keyboard (Enter at the centre cross), the popup takes the focus.
   */
  private pick(objects: PickProps[], at: [number, number]): void {
    const [only] = objects;
    if (!only) return;
    const focus = this.pickingFromKeyboard;
    // A fire inside a watched area and its own alert ring: the fire, its alerts named in it (not a list of the two).
    const withAlerts = objectWithItsAlerts(objects);
    if (objects.length === 1) this.open(only, at, [], focus);
    else if (withAlerts) this.open(withAlerts.object, at, withAlerts.alerts, focus);
    else this.showPickList(objects, at, focus);
  }

  /** The list of several; the popup of the one chosen leads back to it, that one marked (and focused from the keyboard). */
  private showPickList(objects: readonly PickProps[], at: [number, number], focus: boolean, seen?: PickProps): void {
    const zoomIn = () => {
      this.popup?.remove();
      this.map.easeTo({ center: at, zoom: Math.min(this.map.getZoom() + PICK_ZOOM_STEP, this.map.getMaxZoom()) });
    };
    // None at the closest zoom, nor where the points drawn at their own positions share one: nothing would come apart.
    const zoom = this.map.getZoom();
    const canZoomIn = zoom < this.map.getMaxZoom() - 0.5 && !(zoom >= FIRE_POINTS_MIN_ZOOM && allAtOnePlace(objects));
    const content = pickListContent(objects, (chosen, fromKeyboard) => this.open(chosen, at, [], fromKeyboard, backToPickList(objects, (back) => this.showPickList(objects, at, back, chosen))), seen, canZoomIn ? zoomIn : undefined);
    this.showPopup(content, at, objects.map((object) => String(object.kind)), focus);
    if (focus && seen) content.querySelector<HTMLElement>('.pick-seen')?.focus({ preventScroll: true });
  }

  /** The alerts raised about an object, one line each, a click on one opening it. */
  private alertLines(alerts: readonly PickProps[], at: [number, number]): HTMLElement {
    const list = document.createElement('ul');
    list.className = 'popup-alerts';
    list.dataset.testid = 'popup-alerts';
    for (const alert of alerts) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'link-button';
      button.textContent = `Alert: inside “${String(alert.geofenceName ?? 'a geofence')}” · raised ${formatBoth(alert.createdAt as string)}`;
      button.addEventListener('click', () => this.open(alert, at));
      item.append(button);
      list.append(item);
    }
    return list;
  }

  /** `back`: the line back to the list it was chosen from, atop the popup. */
  private open(props: PickProps, at: [number, number], alerts: readonly PickProps[] = [], focus = false, back?: HTMLElement): void {
    if (props.kind === 'camera') {
      this.popup?.remove();
      this.options.onCameraClick({ id: String(props.id), title: String(props.title ?? 'Camera') });
      return;
    }
    // Fires and incidents list the cameras near the object itself (not where the click landed).
    const position = Array.isArray(props.position) ? (props.position as [number, number]) : at;
    const content = this.objectContent(props, position, alerts, at, back);
    this.showPopup(content, at, [String(props.kind)], focus);
    if (props.kind === 'aircraft' && typeof props.icao24 === 'string') this.popupAircraft = { icao24: props.icao24, content, alerts, back };
  }

  /** One object's popup: its words, its alerts, its footer, and the line back to the list it was chosen from. */
  private objectContent(props: PickProps, position: [number, number], alerts: readonly PickProps[], at: [number, number], back?: HTMLElement): HTMLElement {
    const cameras = apiCameraLinks(this.options.apiOrigin, this.options.authorization, this.options.onCameraClick);
    const content = popupContent(props, { at: position, cameras });
    if (alerts.length > 0) content.append(this.alertLines(alerts, at));
    content.append(popupFooter(props, position));
    if (back) content.prepend(back);
    return content;
  }

  /**
   * `kinds`: what the popup shows (one object, or the several of a pick list). MapLibre focuses a popup's first
   * control, its close button; with `focus` (opened from the keyboard) the focus goes on to the content's first button
   * or link: a pick list's first choice. Closed with the focus inside it, the focus goes back to the map.
   */
  private showPopup(content: HTMLElement, at: [number, number], kinds: readonly string[], focus = false): void {
    this.popup?.remove();
    this.popupKinds = kinds;
    this.popupAircraft = null;
    const popup = new this.lib.Popup({ closeButton: true, maxWidth: '320px', className: 'vantage-popup' }).setLngLat(at).setDOMContent(content).addTo(this.map);
    this.popup = popup;
    const element = popup.getElement();
    // A dialog named by its heading (the object's title, or "3 here"): a screen reader says what opened, and reads it.
    element.setAttribute('role', 'dialog');
    const heading = content.querySelector('h3')?.textContent?.trim();
    if (heading) element.setAttribute('aria-label', heading);
    // Its element is gone from the page by now: a focus left on nothing (the body) was inside it.
    popup.on('close', () => {
      if (document.activeElement === document.body || element.contains(document.activeElement)) this.focus();
    });
    this.keepPopupInView(popup);
    // It grows when a part read later comes (the cameras near a fire): its top rose under the search box, unpanned.
    let height = element.getBoundingClientRect().height;
    const grown = new ResizeObserver(() => {
      const now = element.getBoundingClientRect().height;
      if (now > height && this.popup === popup) this.keepPopupInView(popup);
      height = now;
    });
    grown.observe(content);
    popup.on('close', () => grown.disconnect());
    // A list's first row, not the summary's "Zoom in on them" above it (the arrows move between the rows).
    if (focus) (content.querySelector<HTMLElement>('.pick-list li button') ?? content.querySelector<HTMLElement>('button, a[href]'))?.focus({ preventScroll: true });
  }

  /**
   * The search box and the notes under it (where the map opened, what the offline map lacks) cover the map's top, and
   * the map's own controls (credits and scale bar, zoom buttons) its bottom; MapLibre places a popup by the canvas
   * alone: one that opens under them is panned into the free part.
   */
  private keepPopupInView(popup: MapLibre.Popup): void {
    const box = popup.getElement().getBoundingClientRect();
    const page = document.documentElement.clientHeight;
    const edge = (selector: string, side: 'top' | 'bottom', fallback: number) => {
      const found = document.querySelector(selector)?.getBoundingClientRect();
      return found && found.height > 0 ? found[side] : fallback;
    };
    const mapTop = this.map.getContainer().getBoundingClientRect().top;
    const notes = Array.from(document.querySelectorAll('.home-note'), (note) => note.getBoundingClientRect()).filter((box) => box.height > 0);
    const top = Math.max(edge('[data-testid="search-box"]', 'bottom', mapTop), ...notes.map((box) => box.bottom)) + POPUP_GAP_PX;
    const bottom = Math.min(...['.maplibregl-ctrl-bottom-left', '.maplibregl-ctrl-bottom-right', '[data-testid="playback"]'].map((selector) => edge(selector, 'top', page))) - POPUP_GAP_PX;
    // Taller than the free part: its top (the title) stays in view.
    const shift = box.top < top || box.height > bottom - top ? box.top - top : box.bottom > bottom ? box.bottom - bottom : 0;
    if (shift !== 0) this.map.panBy([0, shift], { duration: 250 });
  }

  private readonly clickOnEnter = (event: KeyboardEvent) => {
    // A key on the map shows the cross (a map focused by a click shows none until then; a press of the mouse hides it).
    this.map.getContainer().classList.add('keyboard-pointing');
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    event.preventDefault();
    // The click is handled as it is dispatched: a popup it opens takes the focus.
    this.pickingFromKeyboard = true;
    try {
      this.clickAtCentre();
    } finally {
      this.pickingFromKeyboard = false;
    }
  };

  private readonly stopKeyboardPointing = (event: Event) => {
    if (event.type === 'blur' || event.isTrusted) this.map.getContainer().classList.remove('keyboard-pointing');
  };

  /** A press and click at the map's centre, as the mouse makes them: what a click there does (pick, draw, measure). */
  clickAtCentre(): void {
    const canvas = this.map.getCanvas();
    const box = canvas.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, view: window, button: 0, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    canvas.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1 }));
    canvas.dispatchEvent(new MouseEvent('mouseup', at));
    canvas.dispatchEvent(new MouseEvent('click', at));
  }

  private readonly closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.popup?.isOpen()) this.popup.remove();
  };

  destroy(): void {
    window.removeEventListener('keydown', this.closeOnEscape);
    this.map.getCanvas().removeEventListener('keydown', this.clickOnEnter);
    this.map.getCanvas().removeEventListener('mousedown', this.stopKeyboardPointing);
    this.map.getCanvas().removeEventListener('blur', this.stopKeyboardPointing);
    this.cancelOpenWhenDrawn?.();
    window.clearTimeout(this.viewportTimer);
    this.map.remove();
  }
}
