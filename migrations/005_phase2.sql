-- revision: 005_phase2
-- parents: 004_camera_enum
-- Phase-two tables: wildfire incidents (WFIGS) here; aircraft, geofences and alerts land with their issues.

CREATE TABLE incidents (
  irwin_id          text PRIMARY KEY,
  name              text NOT NULL,
  size_acres        double precision,
  percent_contained double precision,
  discovered_at     timestamptz,
  state             text,
  geom              geometry(Point, 4326) NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX incidents_geom_idx ON incidents USING gist (geom);
