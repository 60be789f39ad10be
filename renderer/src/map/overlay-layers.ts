// The overlay sources and style layers drawn above the basemap, in drawing order.
import type { ExpressionSpecification, LayerSpecification, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import { EVENT_ICON_IMAGE, IS_NEWS_STORY } from './event-icons';
import { INCIDENT_ICON } from './incident-icon';
import { firstLabelLayerId } from './overlay-order';
import { FIRE_POINTS_MIN_ZOOM } from './layer-catalog';
import { FIRE_POINT_OPACITY, FIRE_TILE_OPACITY, PALETTE, QUIET_INCIDENT_OPACITY } from './map-palette';

const empty = (): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: [] });

// A quiet incident under this size makes way for the others (below): a large one stays, if faded, wherever it is.
const SMALL_ACRES = 1_000;
const QUIET_AND_SMALL: ExpressionSpecification = ['all', ['==', ['get', 'quiet'], true], ['<', ['coalesce', ['get', 'sizeAcres'], 0], SMALL_ACRES]];

/** The two incident layers' own filters: playback's "discovered by then" is added to them, never put in their place. */
export const INCIDENT_LAYER_FILTERS = {
  'incidents-quiet': QUIET_AND_SMALL,
  incidents: ['!', QUIET_AND_SMALL],
} as const satisfies Record<string, ExpressionSpecification>;

// Unknown or tiny starts small; a fire of tens of thousands of acres stands out (Palisades, 23,700 acres, had come out
// at 0.83 beside a sub-acre start's 0.4).
const INCIDENT_SIZE: ExpressionSpecification = ['interpolate', ['linear'], ['coalesce', ['get', 'sizeAcres'], 0], 0, 0.35, 1, 0.45, 1000, 0.7, 10000, 1.1, 100000, 1.6];

// VIIRS says h/n/l, MODIS 0–100; both fold into three classes.
const FIRE_COLOR: ExpressionSpecification = [
  'let',
  'c',
  ['to-string', ['coalesce', ['get', 'confidence'], 'n']],
  [
    'case',
    ['==', ['var', 'c'], 'h'], PALETTE.fireHigh,
    ['==', ['var', 'c'], 'l'], PALETTE.fireLow,
    ['==', ['var', 'c'], 'n'], PALETTE.fireNominal,
    ['>=', ['to-number', ['var', 'c'], 50], 80], PALETTE.fireHigh,
    ['<', ['to-number', ['var', 'c'], 50], 30], PALETTE.fireLow,
    PALETTE.fireNominal,
  ],
];

// Fire radiative power (MW) sets the size; zoomed out everything shrinks so dense areas stay legible.
const FIRE_RADIUS: ExpressionSpecification = [
  'interpolate', ['linear'], ['zoom'],
  2, ['interpolate', ['linear'], ['coalesce', ['to-number', ['get', 'frp'], 0], 0], 0, 1.5, 50, 2.5, 500, 4],
  8, ['interpolate', ['linear'], ['coalesce', ['to-number', ['get', 'frp'], 0], 0], 0, 3.5, 50, 6, 500, 10],
];

/** The fire tiles' URL template under the analyst's filter (its query; empty for the default). */
export function fireTileUrl(origin: string, query: string): string {
  return `${origin}/api/tiles/fires/{z}/{x}/{y}.mvt${query ? `?${query}` : ''}`;
}

export function overlaySources(origin: string, fireTileQuery = ''): Record<string, SourceSpecification> {
  return {
    'fire-tiles': {
      type: 'vector',
      tiles: [fireTileUrl(origin, fireTileQuery)],
      minzoom: 0,
      maxzoom: FIRE_POINTS_MIN_ZOOM,
      attribution: 'NASA FIRMS',
    },
    'fires-points': { type: 'geojson', data: empty() },
    'fires-live': { type: 'geojson', data: empty() },
    incidents: { type: 'geojson', data: empty() },
    'aircraft-trails': { type: 'geojson', data: empty() },
    aircraft: { type: 'geojson', data: empty() },
    correlations: { type: 'geojson', data: empty() },
    events: { type: 'geojson', data: empty() },
    geofences: { type: 'geojson', data: empty() },
    alerts: { type: 'geojson', data: empty() },
    cameras: { type: 'geojson', data: empty() },
    'playback-cells': { type: 'geojson', data: empty() },
    'geofence-draft': { type: 'geojson', data: empty() },
  };
}

export const OVERLAY_LAYERS: LayerSpecification[] = [
  {
    id: 'playback-cells',
    type: 'fill',
    source: 'playback-cells',
    layout: { visibility: 'none' },
    paint: {
      'fill-color': PALETTE.playbackCell,
      // Denser for more detections; fainter as the map zooms in, where a cell of a degree covers the whole view and the
      // detections themselves are drawn (at zoom 9 an opaque cell read as a tile the map failed to draw).
      'fill-opacity': [
        'interpolate',
        ['linear'],
        ['zoom'],
        5,
        ['interpolate', ['linear'], ['get', 'count'], 1, 0.12, 20, 0.35, 500, 0.6],
        8,
        ['interpolate', ['linear'], ['get', 'count'], 1, 0.04, 20, 0.08, 500, 0.14],
      ],
      'fill-outline-color': 'rgba(255,159,67,0.5)',
    },
  },
  { id: 'geofences-fill', type: 'fill', source: 'geofences', paint: { 'fill-color': PALETTE.geofence, 'fill-opacity': 0.12 } },
  { id: 'geofences-line', type: 'line', source: 'geofences', paint: { 'line-color': PALETTE.geofence, 'line-width': 1.5 } },
  // Alert rings and pairing lines lie beneath the objects they concern: the fire or aircraft stays visible and clickable.
  {
    id: 'alerts',
    type: 'circle',
    source: 'alerts',
    paint: { 'circle-color': 'rgba(255,59,92,0.15)', 'circle-radius': 9, 'circle-stroke-color': PALETTE.alert, 'circle-stroke-width': 2 },
  },
  {
    id: 'correlation-lines',
    type: 'line',
    source: 'correlations',
    paint: { 'line-color': PALETTE.correlation, 'line-width': 1.2, 'line-dasharray': [3, 2] },
  },
  // A diamond (incident-icon.ts), larger for more acres burned: apart from the round marks of fires and alerts.
  // Beneath the fires: hundreds of incidents around a city hid its detections; a point drawn over an outline hides
  // neither. Quiet ones (a prescribed burn, 100 % contained, or discovered over a month ago: incident-quiet.ts) are
  // faded and beneath the others; those under 1,000 acres make way for each other and for the names, the largest
  // placed first: the feed's hundreds of old sub-acre starts around Los Angeles had piled into one bright blob at zoom
  // 5–7. They come back as the map zooms in.
  {
    id: 'incidents-quiet',
    type: 'symbol',
    source: 'incidents',
    filter: INCIDENT_LAYER_FILTERS['incidents-quiet'],
    layout: {
      'icon-image': INCIDENT_ICON,
      'icon-size': INCIDENT_SIZE,
      'icon-allow-overlap': false,
      // In the collision index, so that the next quiet one makes way. Layers are placed from the top down: the names
      // and the marks above are placed first, and none of them makes way for these.
      'icon-ignore-placement': false,
      'symbol-sort-key': ['-', 0, ['coalesce', ['get', 'sizeAcres'], 0]],
    },
    paint: { 'icon-opacity': QUIET_INCIDENT_OPACITY },
  },
  {
    id: 'incidents',
    type: 'symbol',
    source: 'incidents',
    filter: INCIDENT_LAYER_FILTERS.incidents,
    layout: {
      'icon-image': INCIDENT_ICON,
      'icon-size': INCIDENT_SIZE,
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'symbol-sort-key': ['+', ['case', ['==', ['get', 'quiet'], true], 0, 1e9], ['coalesce', ['get', 'sizeAcres'], 0]],
    },
    paint: { 'icon-opacity': ['case', ['==', ['get', 'quiet'], true], QUIET_INCIDENT_OPACITY, 1] },
  },
  {
    id: 'fires-tiles',
    type: 'circle',
    source: 'fire-tiles',
    'source-layer': 'fires',
    maxzoom: FIRE_POINTS_MIN_ZOOM,
    paint: { 'circle-color': FIRE_COLOR, 'circle-radius': FIRE_RADIUS, 'circle-opacity': FIRE_TILE_OPACITY },
  },
  {
    id: 'fires-points',
    type: 'circle',
    source: 'fires-points',
    minzoom: FIRE_POINTS_MIN_ZOOM,
    paint: { 'circle-color': FIRE_COLOR, 'circle-radius': FIRE_RADIUS, 'circle-opacity': FIRE_POINT_OPACITY, 'circle-stroke-color': '#000', 'circle-stroke-width': 0.5 },
  },
  {
    id: 'fires-live',
    type: 'circle',
    source: 'fires-live',
    // Detections that arrived since the page opened get a white ring so the eye finds them.
    paint: { 'circle-color': PALETTE.fireHigh, 'circle-radius': 4.5, 'circle-stroke-color': PALETTE.fireNew, 'circle-stroke-width': 1.5 },
  },
  {
    id: 'events',
    type: 'symbol',
    source: 'events',
    layout: {
      'icon-image': EVENT_ICON_IMAGE,
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      // News squares over the other events' dots.
      'symbol-sort-key': ['case', IS_NEWS_STORY, 1, 0],
    },
  },
  {
    id: 'cameras',
    type: 'circle',
    source: 'cameras',
    paint: { 'circle-color': PALETTE.camera, 'circle-radius': 4, 'circle-stroke-color': '#0b1118', 'circle-stroke-width': 1 },
  },
  // Trails lie beneath the aircraft icons: firefighting aircraft in their colour, the others fainter.
  {
    id: 'aircraft-trails',
    type: 'line',
    source: 'aircraft-trails',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': ['case', ['get', 'firefighting'], PALETTE.aircraftFirefighting, PALETTE.aircraft],
      'line-width': ['case', ['get', 'firefighting'], 2, 1.2],
      'line-opacity': ['case', ['get', 'firefighting'], 0.8, 0.45],
    },
  },
  {
    id: 'aircraft',
    type: 'symbol',
    source: 'aircraft',
    layout: {
      'icon-image': ['case', ['get', 'firefighting'], 'aircraft-firefighting', 'aircraft'],
      // No track known (MapLibre drops the null): drawn pointing north.
      'icon-rotate': ['coalesce', ['get', 'trackDeg'], 0],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'icon-size': ['case', ['get', 'firefighting'], 1, 0.75],
    },
  },
  { id: 'geofence-draft-fill', type: 'fill', source: 'geofence-draft', filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': PALETTE.draft, 'fill-opacity': 0.1 } },
  { id: 'geofence-draft-line', type: 'line', source: 'geofence-draft', filter: ['!=', ['geometry-type'], 'Point'], paint: { 'line-color': PALETTE.draft, 'line-width': 1.5, 'line-dasharray': [2, 1] } },
  { id: 'geofence-draft-points', type: 'circle', source: 'geofence-draft', filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-color': PALETTE.draft, 'circle-radius': 4 } },
];

/** Adds the overlays to a style loaded without them (an online one), beneath its names. */
export function addOverlays(map: MapLibreMap, origin: string, fireTileQuery = ''): void {
  for (const [id, source] of Object.entries(overlaySources(origin, fireTileQuery))) if (!map.getSource(id)) map.addSource(id, source);
  const labels = firstLabelLayerId(map.getStyle().layers, OVERLAY_LAYERS);
  for (const layer of OVERLAY_LAYERS) if (!map.getLayer(layer.id)) map.addLayer(layer, labels);
}
