-- revision: 019_land_parts
-- parents: 018_place_codes
-- The land at Natural Earth's 1:10m detail for the offline basemap from zoom 6 on, where the 1:50m shapes drawn
-- below it cut bays off the land and put land over the sea (Santa Monica Bay, San Francisco). World-atlas's land
-- polygons, made valid, in Web Mercator, cut by ST_Subdivide into parts of at most 1,024 vertices so that a tile
-- clips only the few parts it touches. The gazetteer's loader fills it once the places are in, in a transaction of its
-- own (search need not wait for it), and records which data version it holds (server/places/).
CREATE TABLE IF NOT EXISTS land_parts (
  geom geometry(Geometry, 3857) NOT NULL
);

CREATE INDEX IF NOT EXISTS land_parts_geom_idx ON land_parts USING gist (geom);

-- The gazetteer version whose land land_parts holds (null: none yet).
ALTER TABLE gazetteer_state ADD COLUMN IF NOT EXISTS land_version text;
