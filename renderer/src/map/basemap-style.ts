// The offline basemap: Natural Earth countries (world-atlas TopoJSON) as fill + line layers.
// No glyphs or sprites: nothing here needs the network.
import type { StyleSpecification } from 'maplibre-gl';
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

export async function offlineBasemapStyle(): Promise<StyleSpecification> {
  // Its own chunk: the app shell paints before the 50m countries are parsed.
  const topology = (await import('world-atlas/countries-50m.json')).default as unknown as Topology<{ countries: GeometryCollection }>;
  const countries = unwrapPolygons(feature(topology, topology.objects.countries));
  const borders = splitLinesAtAntimeridian(mesh(topology, topology.objects.countries, (a, b) => a !== b));
  const coasts = splitLinesAtAntimeridian(mesh(topology, topology.objects.countries, (a, b) => a === b));
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: countries, attribution: BASEMAP_ATTRIBUTION },
      borders: { type: 'geojson', data: borders },
      coasts: { type: 'geojson', data: coasts },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': PALETTE.water } },
      { id: 'countries', type: 'fill', source: 'countries', paint: { 'fill-color': PALETTE.land } },
      { id: 'coasts', type: 'line', source: 'coasts', paint: { 'line-color': PALETTE.coast, 'line-width': 0.8 } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': PALETTE.border, 'line-width': 0.6, 'line-dasharray': [2, 2] } },
    ],
  };
}
