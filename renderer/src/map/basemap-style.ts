// The offline basemap: Natural Earth countries (world-atlas TopoJSON) as fill + line layers.
// No glyphs or sprites: nothing here needs the network. The small 1:110m shapes paint first; the
// 1:50m ones replace them once the map is ready (`basemapDetail`).
import type { StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { splitLinesAtAntimeridian, unwrapPolygons } from './antimeridian';
import { PALETTE } from './map-palette';

export const BASEMAP_ATTRIBUTION = 'Natural Earth (world-atlas)';

/** Where a settings-provided online vector style would plug in; the offline style is the default. */
export interface BasemapChoice {
  /** An online MapLibre style URL (from settings); null = the offline basemap. */
  styleUrl: string | null;
}

type CountriesTopology = Topology<{ countries: GeometryCollection }>;

export interface BasemapData {
  countries: FeatureCollection;
  borders: MultiLineString;
  coasts: MultiLineString;
}

function basemapData(topology: CountriesTopology): BasemapData {
  return {
    countries: unwrapPolygons(feature(topology, topology.objects.countries)),
    borders: splitLinesAtAntimeridian(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
    coasts: splitLinesAtAntimeridian(mesh(topology, topology.objects.countries, (a, b) => a === b)),
  };
}

/** The 1:50m shapes (each import is its own chunk, fetched when asked for). */
export async function basemapDetail(): Promise<BasemapData> {
  return basemapData((await import('world-atlas/countries-50m.json')).default as unknown as CountriesTopology);
}

// Shapes this coarse gain nothing from tiling deeper than this; MapLibre overzooms beyond it.
const BASEMAP_MAX_ZOOM = 8;

export async function offlineBasemapStyle(): Promise<StyleSpecification> {
  const data = basemapData((await import('world-atlas/countries-110m.json')).default as unknown as CountriesTopology);
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: data.countries, attribution: BASEMAP_ATTRIBUTION, maxzoom: BASEMAP_MAX_ZOOM },
      borders: { type: 'geojson', data: data.borders, maxzoom: BASEMAP_MAX_ZOOM },
      coasts: { type: 'geojson', data: data.coasts, maxzoom: BASEMAP_MAX_ZOOM },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': PALETTE.water } },
      { id: 'countries', type: 'fill', source: 'countries', paint: { 'fill-color': PALETTE.land } },
      { id: 'coasts', type: 'line', source: 'coasts', paint: { 'line-color': PALETTE.coast, 'line-width': 0.8 } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': PALETTE.border, 'line-width': 0.6, 'line-dasharray': [2, 2] } },
    ],
  };
}
