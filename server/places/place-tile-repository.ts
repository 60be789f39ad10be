// SQL of the place tiles: the places drawn from this zoom on (capitals and larger places first, capped),
// boundaries (simplified below zoom 5), the points their names are drawn at and, from the zooms the rules say, the
// land at 1:10m (land_parts) and the airports (name, code: IATA or else ident, large), as MVT layers. A name carries its boundary's area (Web Mercator km², of the simplified
// shape): the map places larger countries' names first.
import type { Database } from '../db/database.js';

export interface PlaceTileRules {
  /** The tile's zoom: places whose min_zoom is at most this (see place-min-zoom.ts). */
  zoom: number;
  maxPlaces: number;
  /** Deepest boundary level drawn (0 countries, 1 states and provinces). */
  boundaryLevel: 0 | 1;
  /** Names of boundaries drawn from this level down (-1: none). */
  labelLevel: -1 | 0 | 1;
  /** Use the simplified boundary copies. */
  lowDetail: boolean;
  /** Carry the land at 1:10m (layer `land`), which the basemap draws instead of its 1:50m shapes. */
  land: boolean;
  /** Which airports the layer `airports` carries. */
  airports: 'none' | 'large' | 'all';
}

// Labels near a tile's edge are kept by the neighbouring tile too (a margin of 1/16 of the tile's width, 22.5° / 2^z),
// so none is cut in half. The margin is added in degrees: a tile at the map's edge (x = 0 or the last) with a
// margin in metres reaches past ±180°, and its transform to degrees wraps around, which made the box of a whole
// hemisphere's tiles the other hemisphere (every tile of zoom 1 had no places, zoom 2's edge tiles no country names).
const TILE = `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS tile, ST_Expand(ST_Transform(ST_TileEnvelope($1, $2, $3), 4326), 22.5 / 2 ^ $1) AS wide
),
place_features AS (
  SELECT ST_AsMVTGeom(ST_Transform(p.geom, 3857), b.tile, 4096, 256, true) AS geom,
         p.geoname_id AS id, p.name, p.population::float8 AS population, p.capital,
         p.feature_code AS "featureCode", p.country_code AS "countryCode", p.admin1_name AS "admin1Name"
  FROM places p, bounds b
  WHERE p.geom && b.wide AND p.min_zoom <= $4
  ORDER BY p.capital DESC, p.population DESC, p.geoname_id
  LIMIT $5
),
boundary_features AS (
  SELECT ST_AsMVTGeom(CASE WHEN $8 THEN d.tile_geom_low ELSE d.tile_geom END, b.tile, 4096, 64, true) AS geom,
         d.level, d.name, d.country_code AS "countryCode"
  FROM boundaries d, bounds b
  WHERE d.level <= $6 AND (($8 AND d.tile_geom_low && b.tile) OR (NOT $8 AND d.tile_geom && b.tile))
),
label_features AS (
  SELECT ST_AsMVTGeom(ST_Transform(d.label_point, 3857), b.tile, 4096, 256, true) AS geom,
         d.level, d.name, d.country_code AS "countryCode", round(ST_Area(d.tile_geom_low) / 1e6)::float8 AS "areaKm2"
  FROM boundaries d, bounds b
  WHERE d.level <= $7 AND d.label_point && b.wide
),
land_features AS (
  SELECT ST_AsMVTGeom(l.geom, b.tile, 4096, 64, true) AS geom
  FROM land_parts l, bounds b
  WHERE $9 AND l.geom && b.tile
),
airport_features AS (
  SELECT ST_AsMVTGeom(ST_Transform(a.geom, 3857), b.tile, 4096, 256, true) AS geom,
         a.name, coalesce(a.iata, a.ident) AS code, a.large
  FROM airports a, bounds b
  WHERE $10::text <> 'none' AND a.geom && b.wide AND (a.large OR $10::text = 'all')
)
SELECT coalesce((SELECT ST_AsMVT(place_features.*, 'places', 4096, 'geom', 'id') FROM place_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(boundary_features.*, 'boundaries', 4096, 'geom') FROM boundary_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(label_features.*, 'boundary_labels', 4096, 'geom') FROM label_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(land_features.*, 'land', 4096, 'geom') FROM land_features WHERE geom IS NOT NULL), ''::bytea)
    || coalesce((SELECT ST_AsMVT(airport_features.*, 'airports', 4096, 'geom') FROM airport_features WHERE geom IS NOT NULL), ''::bytea) AS tile`;

export class PlaceTileRepository {
  constructor(private readonly db: Database) {}

  async tile(z: number, x: number, y: number, rules: PlaceTileRules): Promise<Buffer> {
    const { rows } = await this.db.query<{ tile: Buffer | null }>(TILE, [
      z,
      x,
      y,
      rules.zoom,
      rules.maxPlaces,
      rules.boundaryLevel,
      rules.labelLevel,
      rules.lowDetail,
      rules.land,
      rules.airports,
    ]);
    return rows[0]?.tile ?? Buffer.alloc(0);
  }
}
