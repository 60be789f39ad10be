-- revision: 002_cameras
-- parents: 002_fires
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
