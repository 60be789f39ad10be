// `window.__vantage`: read-only map state for the Playwright tests and the readiness benchmark.
// Nothing here changes the app; it only reports what the map shows.
import { PLACE_LABEL_LAYERS } from '../map/basemap-style';
import { LAYER_KEYS, type LayerKey } from '../map/layer-catalog';
import type { MapController } from '../map/map-controller';

export interface VantageTestHook {
  layerVisible(key: LayerKey): boolean;
  renderedCount(key: LayerKey): number;
  renderedProperties(key: LayerKey): Array<Record<string, unknown>>;
  renderedFireCount(): number;
  /** Features of a layer drawn within `radius` pixels of a position. */
  featuresNear(key: LayerKey, lon: number, lat: number, radius?: number): number;
  project(lon: number, lat: number): { x: number; y: number };
  view(): { center: [number, number]; zoom: number; bbox: [number, number, number, number]; bearing: number };
  /** The map is being dragged, zoomed or animated (a fly, an ease, a drag's inertia). */
  moving(): boolean;
  playbackMinuteEpoch(): number | null;
  /** The place, country and state names the offline basemap draws in the view (empty with an online style). */
  renderedPlaceNames(): string[];
  /** The style's layer ids, bottom first (the order they are drawn in). */
  styleLayerIds(): string[];
  /** Which of the offline basemap's land layers draw land at a position: the 1:10m detail, the 1:50m countries. */
  basemapLandAt(lon: number, lat: number): { detail: boolean; coarse: boolean };
  /** The name of the offline basemap's country drawn at a position (null: sea, or no country layer drawn). */
  basemapCountryAt(lon: number, lat: number): string | null;
  /** The count of the playback cell drawn at a position (the hour before the cursor's minute); null where none is. */
  playbackCellAt(lon: number, lat: number): number | null;
  /** How long the map fades its labels (0: at once, for reduced motion). */
  labelFadeMs(): number;
  layerKeys: readonly LayerKey[];
}

declare global {
  interface Window {
    __vantage?: VantageTestHook;
  }
}

export function installTestHook(controller: MapController): void {
  window.__vantage = Object.freeze({
    layerVisible: (key: LayerKey) => controller.isLayerVisible(key),
    renderedCount: (key: LayerKey) => controller.renderedFeatures(key).length,
    renderedProperties: (key: LayerKey) => controller.renderedFeatures(key).map((feature) => ({ ...feature.properties })),
    renderedFireCount: () => controller.renderedFireCount(),
    featuresNear: (key: LayerKey, lon: number, lat: number, radius = 6) => controller.featuresNear(key, lon, lat, radius).length,
    project: (lon: number, lat: number) => controller.project(lon, lat),
    view: () => {
      const viewport = controller.viewport();
      return { center: viewport.center, zoom: viewport.zoom, bbox: viewport.bbox, bearing: controller.map.getBearing() };
    },
    moving: () => controller.map.isMoving(),
    playbackMinuteEpoch: () => controller.playbackMinuteEpoch,
    renderedPlaceNames: () => {
      const layers = PLACE_LABEL_LAYERS.filter((id) => controller.map.getLayer(id));
      return [...new Set(controller.map.queryRenderedFeatures({ layers }).map((feature) => String(feature.properties.name)))];
    },
    styleLayerIds: () => controller.map.getStyle().layers.map((layer) => layer.id),
    basemapLandAt: (lon: number, lat: number) => {
      const point = controller.map.project([lon, lat]);
      const drawn = (id: string) => Boolean(controller.map.getLayer(id)) && controller.map.queryRenderedFeatures(point, { layers: [id] }).length > 0;
      return { detail: drawn('land-detail'), coarse: drawn('countries') };
    },
    basemapCountryAt: (lon: number, lat: number) => {
      if (!controller.map.getLayer('countries')) return null;
      const [country] = controller.map.queryRenderedFeatures(controller.map.project([lon, lat]), { layers: ['countries'] });
      return country ? String(country.properties.name) : null;
    },
    playbackCellAt: (lon: number, lat: number) => {
      if (!controller.map.getLayer('playback-cells')) return null;
      const [cell] = controller.map.queryRenderedFeatures(controller.map.project([lon, lat]), { layers: ['playback-cells'] });
      return cell ? Number(cell.properties.count) : null;
    },
    labelFadeMs: () => controller.labelFadeMs,
    layerKeys: LAYER_KEYS,
  });
}
