-- revision: 009_camera_directories
-- parents: 008_merge_007
-- on-change: reapply
-- Built-in official camera directories (Caltrans CCTV per district): which are switched on, and cameras linked to fires/incidents.
-- Placeholder until its slice lands; idempotent (IF NOT EXISTS throughout) because it is re-applied when filled in.

-- One row per built-in directory the user has switched at least once (no row = off, the default), with
-- the outcome of its latest crawl. The catalog itself (names, addresses) lives in the code.
CREATE TABLE IF NOT EXISTS camera_directories (
  id                 text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,64}$'),
  enabled            boolean NOT NULL DEFAULT false,
  switched_at        timestamptz NOT NULL DEFAULT now(),
  last_crawl_at      timestamptz,
  last_crawl_cameras integer,
  last_crawl_error   text
);

-- Cameras listed by a directory (counted per directory in the app).
CREATE INDEX IF NOT EXISTS cameras_source_idx ON cameras (source);

-- Cameras within 20 miles of a fire or an incident: ST_DWithin on geography, served by this index.
CREATE INDEX IF NOT EXISTS cameras_geog_idx ON cameras USING gist ((geom::geography));
