// The ruler on the map: while it is on, each click adds a point and the path is drawn (dashed) above every overlay.
// It takes the clicks before MapLibre sees them, so nothing else acts on them: no popup, no pick list, no geofence corner.
// It takes them from the moment it starts: the geodesic maths (a lazy chunk) measures the points placed before it came.
import type { FeatureCollection, Geometry } from 'geojson';
import type { FilterSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { LonLat, PathMeasure, measurePath } from './measure-path';

/** What the readout shows: the points placed, and their measure once the maths has loaded (null until then). */
export interface MeasureReading {
  points: number;
  measure: PathMeasure | null;
  /** The points placed, [lng, lat]: the readout moves off any it would cover. */
  path: ReadonlyArray<readonly [number, number]>;
}

const SOURCE = 'measure';
const LAYERS = ['measure-casing', 'measure-line', 'measure-points'] as const;
/** The map's container while measuring (MeasureTool.css keeps the crosshair over objects that ask for a pointer). */
const MEASURING_CLASS = 'vantage-measuring';
/** As MapLibre's own click: a press that moved this far is a drag of the map, not a click. */
const CLICK_TOLERANCE_PX = 3;
const LINE_COLOUR = '#ffffff';
const CASING_COLOUR = 'rgba(11, 17, 24, 0.85)';

export class MeasureLayer {
  private points: LonLat[] = [];
  private pressedAt: { x: number; y: number } | null = null;
  private maths: typeof measurePath | null = null;
  private stopped = false;

  private readonly onPress = (event: MouseEvent) => {
    this.pressedAt = { x: event.clientX, y: event.clientY };
  };

  private readonly onClick = (event: MouseEvent) => {
    if (!this.onMap(event)) return;
    // MapLibre listens on the canvas container, inside the map's container: stopped here (capture), its click never fires.
    event.stopPropagation();
    const pressed = this.pressedAt;
    if (pressed && Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) >= CLICK_TOLERANCE_PX) return;
    const box = this.map.getCanvasContainer().getBoundingClientRect();
    const at = this.map.unproject([event.clientX - box.left, event.clientY - box.top]);
    const last = this.points[this.points.length - 1];
    // The second click of a double-click lands on the same spot: one point, not a leg of zero length.
    if (last && last[0] === at.lng && last[1] === at.lat) return;
    this.points.push([at.lng, at.lat]);
    this.render();
  };

  /** A double-click adds its point(s) and does not zoom. */
  private readonly onDoubleClick = (event: MouseEvent) => {
    if (this.onMap(event)) event.stopPropagation();
  };

  constructor(
    private readonly map: MapLibreMap,
    private readonly onChange: (reading: MeasureReading) => void,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /**
   * Takes the map's clicks at once; the path is drawn once the style (`styleLoaded`) and the maths have loaded.
   */
  start(styleLoaded: Promise<void>): void {
    const container = this.map.getContainer();
    container.addEventListener('mousedown', this.onPress, true);
    container.addEventListener('click', this.onClick, true);
    container.addEventListener('dblclick', this.onDoubleClick, true);
    container.classList.add(MEASURING_CLASS);
    this.points = [];
    this.render();
    Promise.all([import('./measure-path'), styleLoaded])
      .then(([{ measurePath }]) => {
        if (this.stopped) return;
        this.maths = measurePath;
        this.addLayers();
        this.render();
      })
      .catch((error: Error) => !this.stopped && this.onFailure(error));
  }

  /** Ends measuring: the path and its layers leave the map. */
  stop(): void {
    this.stopped = true;
    const container = this.map.getContainer();
    container.removeEventListener('mousedown', this.onPress, true);
    container.removeEventListener('click', this.onClick, true);
    container.removeEventListener('dblclick', this.onDoubleClick, true);
    container.classList.remove(MEASURING_CLASS);
    this.points = [];
    for (const id of [...LAYERS].reverse()) if (this.map.getLayer(id)) this.map.removeLayer(id);
    if (this.map.getSource(SOURCE)) this.map.removeSource(SOURCE);
  }

  /** Clicks on the map itself, not on its controls or an open popup. */
  private onMap(event: MouseEvent): boolean {
    return event.target instanceof Node && this.map.getCanvasContainer().contains(event.target);
  }

  private render(): void {
    const path = [...this.points];
    if (!this.maths) return this.onChange({ points: this.points.length, measure: null, path });
    const measure = this.maths(this.points);
    const features: FeatureCollection<Geometry>['features'] = measure.vertices.map((coordinates) => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: {} }));
    if (measure.track.length >= 2) features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: measure.track }, properties: {} });
    (this.map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features });
    this.onChange({ points: measure.points, measure, path });
  }

  /** Added last, so above the fires, aircraft and alerts. */
  private addLayers(): void {
    if (!this.map.getSource(SOURCE)) this.map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const line: FilterSpecification = ['==', ['geometry-type'], 'LineString'];
    const point: FilterSpecification = ['==', ['geometry-type'], 'Point'];
    if (!this.map.getLayer('measure-casing'))
      this.map.addLayer({ id: 'measure-casing', type: 'line', source: SOURCE, filter: line, paint: { 'line-color': CASING_COLOUR, 'line-width': 5 }, layout: { 'line-cap': 'round' } });
    if (!this.map.getLayer('measure-line'))
      this.map.addLayer({ id: 'measure-line', type: 'line', source: SOURCE, filter: line, paint: { 'line-color': LINE_COLOUR, 'line-width': 2, 'line-dasharray': [3, 2] } });
    if (!this.map.getLayer('measure-points'))
      this.map.addLayer({
        id: 'measure-points',
        type: 'circle',
        source: SOURCE,
        filter: point,
        paint: { 'circle-radius': 4.5, 'circle-color': LINE_COLOUR, 'circle-stroke-color': CASING_COLOUR, 'circle-stroke-width': 2 },
      });
  }
}
