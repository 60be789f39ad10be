// Drawing a polygon on the map: each click adds a corner; a double-click, a click on the first corner or "Finish"
// closes it.
import type { Feature, FeatureCollection, Geometry, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';

const FIRST_CORNER_PIXELS = 8;
/** On the map's container while a shape is drawn: the credits strip lets clicks through to the map (app.css). */
const DRAWING_CLASS = 'vantage-drawing';
/** A corner this close to the one before it (screen pixels) repeats it: a double-click's second click, Enter pressed twice. */
const REPEAT_PIXELS = 4;

export class GeofenceDrawing {
  private points: Array<[number, number]> = [];
  private active = false;
  private readonly onClick = (event: MapMouseEvent) => {
    if (this.onFirstCorner(event.point)) this.finish();
    else this.addPoint([event.lngLat.lng, event.lngLat.lat]);
  };
  private readonly onDoubleClick = (event: MapMouseEvent) => {
    event.preventDefault();
    this.finish();
  };

  constructor(
    private readonly map: MapLibreMap,
    private readonly onChange: (pointCount: number) => void,
    private readonly onFinished: (polygon: Polygon) => void,
  ) {}

  get drawing(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.points = [];
    // A double-click finishes the shape instead of zooming in.
    this.map.doubleClickZoom.disable();
    this.map.getCanvas().style.cursor = 'crosshair';
    this.map.getContainer().classList.add(DRAWING_CLASS);
    this.map.on('click', this.onClick);
    this.map.on('dblclick', this.onDoubleClick);
    this.render();
  }

  cancel(): void {
    this.stop();
    this.points = [];
    this.render();
  }

  /** Closes the ring when it has at least three corners. */
  finish(): void {
    const points = this.points;
    if (points.length < 3) return;
    this.stop();
    const first = points[0]!;
    const polygon: Polygon = { type: 'Polygon', coordinates: [[...points, first]] };
    this.points = points;
    this.render(polygon);
    this.onFinished(polygon);
  }

  clear(): void {
    this.points = [];
    this.render();
  }

  /** A click this close to the first corner (screen pixels), with three corners down, closes the shape there. */
  private onFirstCorner(at: { x: number; y: number }): boolean {
    const first = this.points[0];
    if (!first || this.points.length < 3) return false;
    const corner = this.map.project(first);
    return Math.hypot(corner.x - at.x, corner.y - at.y) <= FIRST_CORNER_PIXELS;
  }

  /** A corner, unless it repeats the last one: a double-click on the second corner was counted as a third, and "Finish" then did nothing. */
  private addPoint(point: [number, number]): void {
    const last = this.points.at(-1);
    if (last) {
      const before = this.map.project(last);
      const now = this.map.project(point);
      if (Math.hypot(before.x - now.x, before.y - now.y) <= REPEAT_PIXELS) return;
    }
    this.points.push(point);
    this.render();
  }

  private stop(): void {
    if (!this.active) return;
    this.active = false;
    this.map.off('click', this.onClick);
    this.map.off('dblclick', this.onDoubleClick);
    this.map.getCanvas().style.cursor = '';
    this.map.getContainer().classList.remove(DRAWING_CLASS);
    // Re-enabled after this double-click's own zoom handling has passed.
    window.setTimeout(() => this.map.doubleClickZoom.enable(), 0);
  }

  private render(closed?: Polygon): void {
    const features: Array<Feature<Geometry>> = this.points.map((coordinates) => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: {} }));
    // Closed, the outline is drawn as a line too: a ring that crosses itself has no fill, and was four dots alone.
    if (closed) features.push({ type: 'Feature', geometry: closed, properties: {} }, { type: 'Feature', geometry: { type: 'LineString', coordinates: closed.coordinates[0]! }, properties: {} });
    else if (this.points.length >= 2) features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: this.points }, properties: {} });
    const data: FeatureCollection = { type: 'FeatureCollection', features };
    (this.map.getSource('geofence-draft') as GeoJSONSource | undefined)?.setData(data);
    this.onChange(this.points.length);
  }
}
