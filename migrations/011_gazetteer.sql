-- revision: 011_gazetteer
-- parents: 010_source_settings
-- on-change: reapply
-- World gazetteer: populated places and country/first-level boundaries, indexed for name search and by place.
-- Idempotent (IF NOT EXISTS throughout, functions CREATE OR REPLACE) because it is re-applied when changed.

-- Accent-insensitive names need unaccent, fuzzy ones pg_trgm; a managed PostgreSQL may lack either:
-- search then folds case only (GeoNames' ASCII names still match) and matches prefixes only.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available (%); place search folds case only', SQLERRM;
END
$$;

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%); place search matches prefixes only', SQLERRM;
END
$$;

-- The one folding of a name, for stored names and queries alike: lower case without accents. IMMUTABLE (with the
-- dictionary named, as unaccent itself is only STABLE) so that it may feed indexes. Where C functions may be
-- declared (a superuser: the embedded server), unaccent's own C entry is declared IMMUTABLE so that the SQL
-- wrapper inlines: about 3× faster over the 900,000 names of a load.
DO $$
DECLARE
  unaccent_schema text;
BEGIN
  SELECT n.nspname INTO unaccent_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';
  IF unaccent_schema IS NULL THEN
    CREATE OR REPLACE FUNCTION gazetteer_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $f$ SELECT lower(value) $f$;
    RETURN;
  END IF;
  BEGIN
    EXECUTE $c$CREATE OR REPLACE FUNCTION gazetteer_unaccent(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict'$c$;
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION gazetteer_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
      'AS $f$ SELECT lower(%1$I.gazetteer_unaccent(%2$L::regdictionary, value)) $f$',
      current_schema(), unaccent_schema || '.unaccent');
  EXCEPTION WHEN insufficient_privilege THEN
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION gazetteer_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
      'AS $f$ SELECT lower(%1$I.unaccent(%2$L::regdictionary, value)) $f$',
      unaccent_schema, unaccent_schema || '.unaccent');
  END;
END
$$;

-- GeoNames populated places (cities of 1,000+ inhabitants and seats of administrative divisions).
CREATE TABLE IF NOT EXISTS places (
  geoname_id   integer PRIMARY KEY,
  name         text NOT NULL,
  ascii_name   text NOT NULL,
  country_code text NOT NULL,
  country_name text,
  admin1_code  text,
  admin1_name  text,
  population   bigint NOT NULL DEFAULT 0,
  -- GeoNames feature code: PPLC capital, PPLA seat of a first-level division, PPLA2.., PPL …
  feature_code text NOT NULL,
  capital      boolean NOT NULL DEFAULT false,
  -- The zoom from which place tiles draw it (capitals 0, then by population; server/places/place-min-zoom.ts).
  min_zoom     smallint NOT NULL DEFAULT 0,
  geom         geometry(Point, 4326) NOT NULL
);

CREATE INDEX IF NOT EXISTS places_geom_idx ON places USING gist (geom);
-- Labels and search ties go to the largest place first.
CREATE INDEX IF NOT EXISTS places_population_idx ON places (population DESC);
CREATE INDEX IF NOT EXISTS places_region_idx ON places (country_code, admin1_code);
-- A tile at low zoom reads its few thousand candidates worldwide by zoom, not the tens of thousands under it.
CREATE INDEX IF NOT EXISTS places_min_zoom_idx ON places (min_zoom, population DESC);

-- Every name a place answers to (its name, ASCII name and a bounded set of alternate names), folded once. No
-- foreign key or primary key: the loader writes it whole, and their checks tripled the time of a load.
CREATE TABLE IF NOT EXISTS place_names (
  geoname_id integer NOT NULL,
  -- gazetteer_fold(name): lower case without accents.
  folded     text NOT NULL,
  name       text NOT NULL,
  -- 0 the place's name, 1 its ASCII name, 2 an alternate (exonym, other script, former name).
  kind       smallint NOT NULL CHECK (kind IN (0, 1, 2)),
  -- The place's population, here too, so that ranking needs no join.
  population bigint NOT NULL DEFAULT 0
);

-- Prefix search (folded LIKE 'sacra%') without a collation getting in the way; trigram neighbours for
-- misspellings. The loader drops and rebuilds both around a load (building is far faster than keeping them up).
CREATE INDEX IF NOT EXISTS place_names_prefix_idx ON place_names (folded text_pattern_ops);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS place_names_trgm_idx ON place_names USING gin (folded gin_trgm_ops)';
  END IF;
END
$$;

-- Natural Earth boundaries: level 0 countries, level 1 states and provinces.
CREATE TABLE IF NOT EXISTS boundaries (
  id           serial PRIMARY KEY,
  level        smallint NOT NULL CHECK (level IN (0, 1)),
  name         text NOT NULL,
  -- ISO 3166-1 alpha-2 (level 0: of the country; level 1: of the country it belongs to), when known.
  country_code text,
  -- Level 1: the GeoNames admin1 code of the division, when its places tell it.
  admin1_code  text,
  source       text NOT NULL,
  geom         geometry(MultiPolygon, 4326) NOT NULL,
  -- Web Mercator copies for tiles: full detail, and simplified for zooms below 5.
  tile_geom     geometry(MultiPolygon, 3857) NOT NULL,
  tile_geom_low geometry(MultiPolygon, 3857) NOT NULL,
  -- Where the name is drawn: a point inside the largest part.
  label_point  geometry(Point, 4326) NOT NULL
);

CREATE INDEX IF NOT EXISTS boundaries_geom_idx ON boundaries USING gist (geom);
CREATE INDEX IF NOT EXISTS boundaries_tile_geom_idx ON boundaries USING gist (tile_geom);
CREATE INDEX IF NOT EXISTS boundaries_tile_geom_low_idx ON boundaries USING gist (tile_geom_low);
CREATE INDEX IF NOT EXISTS boundaries_name_idx ON boundaries (gazetteer_fold(name) text_pattern_ops);

-- Which data the gazetteer holds (the packages' versions) and how far a load got; one row.
CREATE TABLE IF NOT EXISTS gazetteer_state (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  version     text NOT NULL,
  state       text NOT NULL CHECK (state IN ('loading', 'ready', 'failed')),
  places      integer NOT NULL DEFAULT 0,
  boundaries  integer NOT NULL DEFAULT 0,
  error       text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- News stories placed on the map are events of source type 'news', a value the type has had since 001_initial;
-- kept here so the news-on-map slice can rely on it whatever the history of a database.
ALTER TYPE event_source_type ADD VALUE IF NOT EXISTS 'news';
