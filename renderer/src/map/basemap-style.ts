// The offline basemap: Natural Earth countries, borders and coasts (vector tiles cut from world-atlas at build time,
// basemap-tiles.ts: 1:110m for the world's zooms, 1:50m closer) as fill + line layers, and the place tiles from our own
// API (states, country and state names, towns by population) on top. No glyphs or sprites: nothing here needs the
// network. The style has no `glyphs` URL, so MapLibre draws label text with the system's fonts (`text-font` is a CSS
// font-family list).
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import basemapTiles from 'virtual:basemap-tiles';
import { LAND_DETAIL_MIN_ZOOM } from './land-detail';
import { PALETTE } from './map-palette';

export const BASEMAP_ATTRIBUTION = 'Natural Earth (world-atlas)';

/** Where a settings-provided online vector style would plug in; the offline style is the default. */
export interface BasemapChoice {
  /** An online MapLibre style URL (from settings); null = the offline basemap. */
  styleUrl: string | null;
}

// Label text from local fonts: DejaVu/Noto/Liberation where installed, the browser's sans-serif otherwise.
// A name with "Bold" in it makes MapLibre draw the stack bold.
const LABEL_FONT = ['DejaVu Sans', 'Noto Sans', 'Liberation Sans', 'Arial', 'sans-serif'];
const LABEL_FONT_BOLD = ['DejaVu Sans Bold', 'Noto Sans Bold', 'Arial Bold', 'sans-serif'];
const LABEL_HALO = '#0b1118';
const PLACE_TEXT = '#c9d3dc';
const REGION_TEXT = '#8796a5';
const COUNTRY_TEXT = '#aab6c2';
const AIRPORT_TEXT = '#9fc3e0';
const IS_LARGE_AIRPORT: ExpressionSpecification = ['to-boolean', ['get', 'large']];

/**
 * Larger places win label collisions (MapLibre places lower sort keys first), a capital counting as 5 million people
 * more. Capitals first of all left the world's great cities unnamed: Taipei's and Seoul's names took Shanghai's room,
 * Muscat's and Colombo's Mumbai's. A capital still wins over any city up to 5 million larger than it.
 */
const CAPITAL_WEIGHT = 5_000_000;
const PLACE_SORT_KEY: ExpressionSpecification = ['-', 0, ['+', ['to-number', ['get', 'population'], 0], ['case', ['to-boolean', ['get', 'capital']], CAPITAL_WEIGHT, 0]]];
const IS_CAPITAL: ExpressionSpecification = ['to-boolean', ['get', 'capital']];
const POPULATION: ExpressionSpecification = ['to-number', ['get', 'population'], 0];
const MAJOR_PLACE: ExpressionSpecification = ['any', IS_CAPITAL, ['>=', POPULATION, 500_000]];
/** Larger countries' and states' names win collisions: France before Jersey, Italy before the Vatican. */
const BOUNDARY_SORT_KEY: ExpressionSpecification = ['-', 0, ['to-number', ['get', 'areaKm2'], 0]];

/** Place names from the tiles' `places` layer, larger for capitals and big cities; `filter` chooses which places. */
function placeNameLayer(id: string, filter: ExpressionSpecification): LayerSpecification {
  return {
    id,
    filter,
    type: 'symbol',
    source: 'places',
    'source-layer': 'places',
    layout: {
      'text-field': ['get', 'name'],
      'text-font': ['case', IS_CAPITAL, ['literal', LABEL_FONT_BOLD], ['literal', LABEL_FONT]],
      // Capitals and big cities larger; towns smaller.
      'text-size': ['case', IS_CAPITAL, 14, ['interpolate', ['linear'], POPULATION, 5_000, 11, 300_000, 12.5, 2_000_000, 14]],
      'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
      'text-radial-offset': 0.55,
      'text-justify': 'auto',
      'text-max-width': 9,
      'symbol-sort-key': PLACE_SORT_KEY,
    },
    paint: { 'text-color': ['case', IS_CAPITAL, '#e6edf3', PLACE_TEXT], 'text-halo-color': LABEL_HALO, 'text-halo-width': 1.5 },
  };
}

/** The layers drawn from the API's place tiles (layers `places`, `boundaries`, `boundary_labels`, `airports`). */
function placeLayers(): LayerSpecification[] {
  return [
    {
      id: 'place-regions',
      type: 'line',
      source: 'places',
      'source-layer': 'boundaries',
      // The states' lines are simplified to about 1:50m: from zoom 9 the coastal ones ran across the land and the
      // bays of the 1:10m land beneath (over San Francisco at zoom 12, through the city).
      maxzoom: 9,
      filter: ['==', ['get', 'level'], 1],
      paint: { 'line-color': PALETTE.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.4, 8, 0.9], 'line-dasharray': [3, 2], 'line-opacity': 0.8 },
    },
    {
      // A dot at each place the tile carries (the tiles thin them by population per zoom), under the names.
      id: 'place-dots',
      type: 'circle',
      source: 'places',
      'source-layer': 'places',
      paint: {
        'circle-radius': ['case', IS_CAPITAL, 3.5, ['interpolate', ['linear'], POPULATION, 5_000, 1.8, 1_000_000, 3]],
        'circle-color': ['case', IS_CAPITAL, '#e6edf3', '#9aa8b5'],
        'circle-stroke-color': LABEL_HALO,
        'circle-stroke-width': ['case', IS_CAPITAL, 1.5, 0.8],
      },
    },
    {
      // Airports (large ones from zoom 7, all from 9): a ring, not a dot, so none reads as a town.
      id: 'place-airport-marks',
      type: 'circle',
      source: 'places',
      'source-layer': 'airports',
      paint: {
        'circle-radius': ['case', IS_LARGE_AIRPORT, 4.5, 3.5],
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-stroke-color': AIRPORT_TEXT,
        'circle-stroke-width': 1.5,
      },
    },
    // Towns: placed after the state names above them (a state's name tells more than a suburb's).
    placeNameLayer('place-labels', ['!', MAJOR_PLACE]),
    {
      // An airport's code (IATA, or its ident where it has none), its name from zoom 11: placed before the towns.
      id: 'place-airport-labels',
      type: 'symbol',
      source: 'places',
      'source-layer': 'airports',
      layout: {
        'text-field': ['step', ['zoom'], ['get', 'code'], 11, ['get', 'name']],
        'text-font': LABEL_FONT,
        'text-size': ['case', IS_LARGE_AIRPORT, 11.5, 10.5],
        'text-variable-anchor': ['top', 'bottom', 'right', 'left'],
        'text-radial-offset': 0.75,
        'text-max-width': 10,
        'symbol-sort-key': ['case', IS_LARGE_AIRPORT, 0, 1],
      },
      paint: { 'text-color': AIRPORT_TEXT, 'text-halo-color': LABEL_HALO, 'text-halo-width': 1.4 },
    },
    {
      // Above the towns (MapLibre places the upper layers first): a state's name tells more than a suburb's.
      id: 'place-region-labels',
      type: 'symbol',
      source: 'places',
      'source-layer': 'boundary_labels',
      minzoom: 5,
      maxzoom: 9,
      filter: ['==', ['get', 'level'], 1],
      layout: {
        'text-field': ['upcase', ['get', 'name']],
        'text-font': LABEL_FONT,
        'text-size': ['interpolate', ['linear'], ['zoom'], 4, 10, 8, 12],
        'text-letter-spacing': 0.12,
        'text-max-width': 8,
        'symbol-sort-key': BOUNDARY_SORT_KEY,
      },
      paint: { 'text-color': REGION_TEXT, 'text-halo-color': LABEL_HALO, 'text-halo-width': 1.4, 'text-opacity': 0.85 },
    },
    // Capitals and cities of half a million: placed before the state names (Paris before Île-de-France).
    placeNameLayer('place-major-labels', MAJOR_PLACE),
    {
      // Last: placed first, so a country's name is not pushed out by its towns.
      id: 'place-country-labels',
      type: 'symbol',
      source: 'places',
      'source-layer': 'boundary_labels',
      maxzoom: 7,
      filter: ['==', ['get', 'level'], 0],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': LABEL_FONT_BOLD,
        'text-size': ['interpolate', ['linear'], ['zoom'], 2, 11, 6, 15],
        'text-letter-spacing': 0.06,
        'text-max-width': 7,
        'symbol-sort-key': BOUNDARY_SORT_KEY,
      },
      paint: { 'text-color': COUNTRY_TEXT, 'text-halo-color': LABEL_HALO, 'text-halo-width': 1.6 },
    },
  ];
}

// The tiles carry every place from zoom 10 on: MapLibre overzooms beyond it.
const PLACE_TILES_MAX_ZOOM = 10;

/** The label layers' ids (for the test hook and anything that asks what names are drawn). */
export const PLACE_LABEL_LAYERS = ['place-labels', 'place-major-labels', 'place-country-labels', 'place-region-labels', 'place-airport-labels'] as const;

export function offlineBasemapStyle(apiOrigin: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      basemap: { type: 'vector', tiles: [basemapTiles.tiles], minzoom: 0, maxzoom: basemapTiles.maxzoom, attribution: BASEMAP_ATTRIBUTION },
      // Same origin as the API: the map's transformRequest adds the bearer token. Places © GeoNames is
      // credited from health's attributions.
      places: { type: 'vector', tiles: [`${apiOrigin}/api/tiles/places/{z}/{x}/{y}.mvt`], minzoom: 0, maxzoom: PLACE_TILES_MAX_ZOOM },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': PALETTE.water } },
      { id: 'countries', type: 'fill', source: 'basemap', 'source-layer': 'countries', paint: { 'fill-color': PALETTE.land } },
      // The land at 1:10m from the place tiles; once it is loaded the 1:50m land and coasts stop where it begins
      // (MapController.setLandDetail). Parts of one coast meet edge to edge: no outline, which would draw the cuts.
      { id: 'land-detail', type: 'fill', source: 'places', 'source-layer': 'land', minzoom: LAND_DETAIL_MIN_ZOOM, paint: { 'fill-color': PALETTE.land } },
      { id: 'coasts', type: 'line', source: 'basemap', 'source-layer': 'coasts', paint: { 'line-color': PALETTE.coast, 'line-width': 0.8 } },
      { id: 'borders', type: 'line', source: 'basemap', 'source-layer': 'borders', paint: { 'line-color': PALETTE.border, 'line-width': 0.6, 'line-dasharray': [2, 2] } },
      ...placeLayers(),
    ],
  };
}
