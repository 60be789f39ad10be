// The offline basemap's shapes from world-atlas's TopoJSON: countries (polygons unwrapped across ±180°), the
// borders between them and the coasts (lines split at ±180°). Run at build time (basemap-tiles.ts), so
// the page never converts TopoJSON nor hands megabytes of GeoJSON to the map's worker.
import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { splitLinesAtAntimeridian, unwrapPolygons } from './antimeridian.js';

export type CountriesTopology = Topology<{ countries: GeometryCollection }>;

export interface BasemapShapes {
  countries: FeatureCollection;
  borders: MultiLineString;
  coasts: MultiLineString;
}

export function basemapShapes(topology: CountriesTopology): BasemapShapes {
  return {
    countries: unwrapPolygons(feature(topology, topology.objects.countries)),
    borders: splitLinesAtAntimeridian(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
    coasts: splitLinesAtAntimeridian(mesh(topology, topology.objects.countries, (a, b) => a === b)),
  };
}
