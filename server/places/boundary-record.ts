// A boundary of the gazetteer as its sources give it, before PostGIS makes it valid and finds its codes.
export interface BoundaryRecord {
  level: 0 | 1;
  name: string | null;
  /** Level 1: ISO 3166-1 alpha-3 of the country. */
  countryA3: string | null;
  source: string;
  /** GeoJSON Polygon or MultiPolygon. */
  geometry: unknown;
}
