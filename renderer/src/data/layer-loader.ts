// Loads each layer's data for the current viewport, folds in live messages, and feeds the map.
import type { Feature, Point } from 'geojson';
import { type ApiClient, listFrom } from '../api/api-client';
import { ApiRequestError } from '../api/api-error';
import type { Aircraft, AircraftTrail, Alert, Camera, CorrelationPair, EventPage, Fire, Geofence, Incident } from '../api/api-types';
import { countInView, type Placed } from './count-in-view';
import { LIST_LIMITS, listCut, type ListedLayer } from './list-limits';
import {
  alertFeatures,
  cameraFeatures,
  collection,
  eventFeatures,
  fireFeatures,
  geofenceFeatures,
  incidentFeatures,
  liveFireFeature,
  type CorrelationLine,
  type MapEvent,
} from '../map/feature-collections';
import { emptyCounts, FIRE_POINTS_MIN_ZOOM, type LayerCounts, type LayerKey } from '../map/layer-catalog';
import type { MapController, MapViewport } from '../map/map-controller';
import { loadAircraftView, showAircraftView } from './aircraft-view';
import { fireCounterLabels } from './fire-counter-labels';
import { LatestRead } from './latest-read';
import { LiveArrivals } from './live-arrivals';
import { keepNewestFirst } from './newest-first';
import { isFireRecent, withoutAgedFires } from './live-fire-age';
import { DEFAULT_FILTER, fireFilterParams, liveFirePasses, type ViewFilter, windowSpanMs } from './view-filter';

export type LayerStatus = 'ok' | 'unavailable' | 'error';

export interface LayerSnapshot {
  counts: LayerCounts;
  status: Partial<Record<LayerKey, { status: LayerStatus; detail: string }>>;
  aircraftCount: number;
  alerts: Alert[];
  geofences: Geofence[];
  /** When each incident loaded was discovered (epoch ms; null: undated): playback counts those found by its minute. */
  incidentsDiscovered: Array<number | null>;
  /** The listed layers read to their limit (list-limits.ts): more are there than the map draws, and their counts are "at least". */
  cut: Partial<Record<ListedLayer, boolean>>;
}

const MAX_LIVE_FIRES = 5_000;
const MAX_EVENTS = 2_000;
const MAX_ALERTS = 500;
// Pairs announced live, kept for the aircraft reads under way (one every 30 s, a view's with it).
const MAX_LIVE_PAIRS = 2_000;
const FIRE_POINT_LIMIT = 20_000;
// Event layer shows the other sources: fires have their own layer.
const EVENT_SOURCES = 'camera,news,aircraft,incident,alert';

type Props = Record<string, string | number | boolean | null>;

export class LayerLoader {
  private viewport: MapViewport | null = null;
  private fires: Fire[] = [];
  private liveFires: Array<Feature<Point, Props>> = [];
  private incidents: Incident[] = [];
  private aircraft: Aircraft[] = [];
  private trails: AircraftTrail[] = [];
  private correlations: CorrelationLine[] = [];
  private events: MapEvent[] = [];
  private geofences: Geofence[] = [];
  private alerts: Alert[] = [];
  private cameras: Camera[] = [];
  // Live alerts and events that came while the view's read was on its way: its answer does not have them.
  private readonly alertsArrived = new LiveArrivals<Alert>((alert) => alert.id, MAX_ALERTS);
  private readonly eventsArrived = new LiveArrivals<MapEvent>((event) => event.id, MAX_EVENTS);
  private readonly pairsArrived = new LiveArrivals<CorrelationLine>((pair) => `${pair.icao24}|${pair.targetType}|${pair.targetId}`, MAX_LIVE_PAIRS);
  // The geofence list of the newest read asked: a view's read asked before a fence was saved (or deleted) and
  // answered after the read that follows the save must not draw the list of before.
  private readonly geofenceReads = new LatestRead();
  private status: LayerSnapshot['status'] = {};
  private inFlight: AbortController | null = null;
  private filter: ViewFilter = DEFAULT_FILTER;
  private reachStart: number | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly map: MapController,
    private readonly onChange: (snapshot: LayerSnapshot) => void,
  ) {}

  /**
   * The analyst's filter and, in playback, from when the timed layers must reach (view-filter.ts's
   * playbackReachStart); the next load reads with them (the caller loads the view again).
   */
  setFilter(filter: ViewFilter, reachStart: number | null = null): void {
    this.filter = filter;
    this.reachStart = reachStart;
    // Live fires were let in under the old filter.
    this.liveFires = this.liveFires.filter((feature) => liveFirePasses(filter, feature.properties));
  }

  /** The window's start as the API's `since`, and its end, for the timed layers that only take a window. */
  private windowParams(): { since: string; until?: string } {
    const { since, until } = fireFilterParams(this.filter, this.reachStart);
    return { since: since as string, ...(until ? { until } : {}) };
  }

  /** Everything for a new viewport; answers when all layers have answered (or failed). */
  async load(viewport: MapViewport): Promise<void> {
    this.viewport = viewport;
    this.inFlight?.abort();
    const abort = new AbortController();
    this.inFlight = abort;
    const { bbox, zoom } = viewport;
    const signal = abort.signal;
    const marks = { alerts: this.alertsArrived.mark(), events: this.eventsArrived.mark(), pairs: this.pairsArrived.mark() };
    await Promise.all([
      this.step('fires', async () => {
        this.fires = zoom >= FIRE_POINTS_MIN_ZOOM ? await this.api.get<Fire[]>('/api/fires', { bbox, ...fireFilterParams(this.filter, this.reachStart), limit: FIRE_POINT_LIMIT }, signal) : [];
      }),
      this.step('incidents', async () => {
        this.incidents = await this.api.get<Incident[]>('/api/incidents', { bbox, geofence: this.filter.geofenceId, limit: LIST_LIMITS.incidents.atMost }, signal);
      }),
      this.step('aircraft', async () => {
        const view = await loadAircraftView(this.api, bbox, null, signal, this.filter);
        this.aircraft = view.aircraft;
        this.trails = view.trails;
        this.correlations = this.pairsArrived.into(view.correlations, marks.pairs);
      }),
      this.step('events', async () => {
        const page = await this.api.get<EventPage>('/api/events', { bbox, ...this.windowParams(), source: EVENT_SOURCES, geofence: this.filter.geofenceId, limit: 500 }, signal);
        this.events = this.eventsArrived.into(page.events, marks.events);
      }),
      this.step('geofences', async () => {
        await this.readGeofences(signal);
      }),
      this.step('alerts', async () => {
        // The alerts route takes a start only: a window's end is applied here, as is a chosen geofence.
        const { since, until } = this.windowParams();
        const alerts = await this.api.get<Alert[]>('/api/alerts', { since, limit: MAX_ALERTS }, signal);
        this.alerts = this.alertsArrived.into(
          alerts.filter(
            (alert) => (!until || Date.parse(alert.createdAt) < Date.parse(until)) && (!this.filter.geofenceId || alert.geofenceId === this.filter.geofenceId),
          ),
          marks.alerts,
        );
      }),
      this.step('cameras', async () => {
        const body = await this.api.getIfAvailable<unknown>('/api/cameras', { bbox, limit: LIST_LIMITS.cameras.atMost }, signal);
        if (body === null) {
          this.cameras = [];
          this.status.cameras = { status: 'unavailable', detail: 'cameras are not available from this server yet' };
          return 'unavailable';
        }
        this.cameras = listFrom<Camera>(body, 'cameras');
        return 'ok';
      }),
    ]);
    if (signal.aborted) return;
    // The first view is fetched while the map is still loading.
    await this.map.loaded;
    if (signal.aborted) return;
    this.pushAll();
  }

  private async step(key: LayerKey, load: () => Promise<void | LayerStatus>): Promise<void> {
    try {
      const result = await load();
      if (result !== 'unavailable') this.status[key] = { status: 'ok', detail: '' };
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const detail = error instanceof ApiRequestError ? `${error.message} (${error.code})` : (error as Error).message;
      this.status[key] = { status: 'error', detail };
    }
  }

  /** Reads the geofences; keeps the answer unless another read was asked after this one. */
  private async readGeofences(signal?: AbortSignal): Promise<void> {
    const ticket = this.geofenceReads.begin();
    const geofences = await this.api.get<Geofence[]>('/api/geofences', undefined, signal);
    if (this.geofenceReads.isNewest(ticket)) this.geofences = geofences;
  }

  /** Aircraft move and the live socket does not carry positions: re-read them for the current view. */
  async refreshAircraft(): Promise<void> {
    const viewport = this.viewport;
    if (!viewport) return;
    const { bbox } = viewport;
    // Shares the view's abort: a new view cancels it, and a late answer for an old view is dropped.
    const signal = this.inFlight?.signal;
    let current = false;
    const mark = this.pairsArrived.mark();
    await this.step('aircraft', async () => {
      const view = await loadAircraftView(this.api, bbox, null, signal, this.filter);
      if (this.viewport !== viewport || signal?.aborted) return;
      current = true;
      this.aircraft = view.aircraft;
      this.trails = view.trails;
      this.correlations = this.pairsArrived.into(view.correlations, mark);
    });
    if (!current) return;
    this.showAircraft();
    this.emit();
  }

  /** Back to live from a playback minute: now's aircraft as kept (pairs with incidents, live ones), then read anew. */
  async showLiveAircraft(): Promise<void> {
    this.showAircraft();
    await this.refreshAircraft();
  }

  async reloadGeofences(): Promise<void> {
    await this.step('geofences', () => this.readGeofences());
    this.showGeofences();
    this.emit();
  }

  /**
   * The fences, each with the count of the alerts shown that are of it (their popups tell it): live, once the alerts
   * are read. In playback the alerts read reach past the cursor's window (the map narrows them as it draws): no count.
   */
  private showGeofences(): void {
    const known = this.status.alerts?.status === 'ok' && this.map.playbackMinuteEpoch === null;
    const alerts = known ? { alerts: this.alerts, window: fireCounterLabels(this.filter, null, Date.now()).window, only: this.filter.geofenceId } : null;
    this.map.setData('geofences', geofenceFeatures(this.geofences, alerts));
  }

  /** Events that arrived together: each is kept (or not) as it comes, then each layer that gained one is redrawn once. */
  addLiveEvents(events: readonly MapEvent[]): void {
    let fires = false;
    let others = false;
    for (const event of events) {
      if (event.sourceType === 'fire') fires = this.keepLiveFire(event) || fires;
      else others = this.keepLiveEvent(event) || others;
    }
    if (fires) this.map.setData('fires-live', collection(this.liveFires));
    if (others) this.map.setData('events', eventFeatures(this.events));
    if (fires || others) this.emit();
  }

  /** Keeps a live fire if the window and the filter draw it; answers whether it did. */
  private keepLiveFire(event: MapEvent): boolean {
    const feature = liveFireFeature(event);
    // A late delivery of a fire older than the window would be drawn where the tiles no longer are.
    if (!feature || !isFireRecent(feature.properties.acqTime, Date.now(), windowSpanMs(this.filter, Date.now()))) return false;
    if (!liveFirePasses(this.filter, feature.properties)) return false;
    this.liveFires.push(feature);
    if (this.liveFires.length > MAX_LIVE_FIRES) this.liveFires.splice(0, this.liveFires.length - MAX_LIVE_FIRES);
    return true;
  }

  /** Keeps another live event (news, incidents, cameras); answers whether it did. */
  private keepLiveEvent(event: MapEvent): boolean {
    // Whether it lies inside a chosen geofence is the server's to say: it waits for the next read of the view.
    if (this.filter.geofenceId) return false;
    keepNewestFirst(this.events, event, MAX_EVENTS);
    this.eventsArrived.add(event);
    return true;
  }

  /** Live fires older than the window leave the map, as they do from the tiles and points. */
  dropAgedLiveFires(now = Date.now()): void {
    const kept = withoutAgedFires(this.liveFires, now, windowSpanMs(this.filter, now));
    if (kept === this.liveFires) return;
    this.liveFires = kept;
    this.map.setData('fires-live', collection(this.liveFires));
    this.emit();
  }

  addLiveAlert(alert: Alert): void {
    if (this.alerts.some((known) => known.id === alert.id)) return;
    if (this.filter.geofenceId && alert.geofenceId !== this.filter.geofenceId) return;
    keepNewestFirst(this.alerts, alert, MAX_ALERTS);
    this.alertsArrived.add(alert);
    this.map.setData('alerts', alertFeatures(this.alerts));
    this.showGeofences();
    this.emit();
  }

  addLiveCorrelation(correlation: CorrelationPair): void {
    // Within the cap of those kept for the reads under way: the list is replaced only by an aircraft read that
    // succeeds, and pairs came on while those failed.
    keepNewestFirst(this.correlations, correlation, MAX_LIVE_PAIRS);
    this.pairsArrived.add(correlation);
    this.showAircraft();
    this.emit();
  }

  /** Now's aircraft, trails and pairs; in playback the playback minute's are shown instead (use-playback-map.ts). */
  private showAircraft(): void {
    if (this.map.playbackMinuteEpoch !== null) return;
    showAircraftView(this.map, { aircraft: this.aircraft, trails: this.trails, correlations: this.correlations }, this.incidents);
  }

  private pushAll(): void {
    this.map.setData('fires-points', fireFeatures(this.fires));
    this.map.setData('fires-live', collection(this.liveFires));
    this.map.setData('incidents', incidentFeatures(this.incidents));
    this.showAircraft();
    this.map.setData('events', eventFeatures(this.events));
    this.showGeofences();
    this.map.setData('alerts', alertFeatures(this.alerts));
    this.map.setData('cameras', cameraFeatures(this.cameras));
    this.emit();
  }

  private countGeometries(items: readonly Placed[]): number {
    return countInView(items, this.viewport?.bbox ?? null);
  }

  private emit(): void {
    // The fires' count is the server's, read for the HUD (Workspace): tiles have no client-side list.
    const counts = emptyCounts();
    counts.incidents = this.incidents.length;
    counts.aircraft = this.aircraft.length;
    counts.events = this.countGeometries(this.events);
    counts.geofences = this.countGeometries(this.geofences);
    counts.alerts = this.countGeometries(this.alerts);
    counts.cameras = this.status.cameras?.status === 'unavailable' ? null : this.cameras.length;
    const incidentsDiscovered = this.incidents.map((incident) => (incident.discoveredAt ? Date.parse(incident.discoveredAt) : null));
    const cut = {
      incidents: listCut('incidents', this.incidents.length),
      aircraft: listCut('aircraft', this.aircraft.length),
      cameras: listCut('cameras', this.cameras.length),
    };
    this.onChange({ counts, status: { ...this.status }, aircraftCount: this.aircraft.length, alerts: this.alerts, geofences: this.geofences, incidentsDiscovered, cut });
  }
}
