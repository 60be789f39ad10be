-- revision: 002_cameras
-- parents: 002_fires
-- on-change: reapply
-- Public cameras (filled in by the cameras issue as it lands) and the geocoder's answers, so the same
-- place is never asked twice.

CREATE TABLE IF NOT EXISTS geocode_cache (
  query       text PRIMARY KEY,
  latitude    double precision,
  longitude   double precision,
  display     text,
  found       boolean NOT NULL,
  resolved_at timestamptz NOT NULL DEFAULT now()
);

-- One row per public camera, deduplicated by url_hash (sha256 of the normalised, credential-free URL).
-- A camera without a position (not yet geocoded, or a place the geocoder does not know) stays off the map.
CREATE TABLE IF NOT EXISTS cameras (
  id            bigserial PRIMARY KEY,
  url_hash      text NOT NULL UNIQUE CHECK (url_hash ~ '^[0-9a-f]{64}$'),
  url           text NOT NULL,
  title         text,
  city          text,
  country       text,
  source        text NOT NULL,
  geom          geometry(Point, 4326),
  place_status  text NOT NULL DEFAULT 'pending' CHECK (place_status IN ('pending', 'placed', 'unplaceable')),
  published_at  timestamptz,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS cameras_geom_idx ON cameras USING gist (geom);
CREATE INDEX IF NOT EXISTS cameras_place_status_idx ON cameras (place_status) WHERE place_status <> 'placed';
-- Placed cameras not yet announced on the bus (the crawler reads them in batches).
CREATE INDEX IF NOT EXISTS cameras_unpublished_idx ON cameras (id) WHERE place_status = 'placed' AND published_at IS NULL;

-- The camera directories as the user edited them in the app (one row); without it CAMERA_SOURCES applies.
CREATE TABLE IF NOT EXISTS camera_source_list (
  singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  urls       text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
