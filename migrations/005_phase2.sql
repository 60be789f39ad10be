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

-- Served by ST_DWithin on geography in the 20-mile correlation.
CREATE INDEX incidents_geog_idx ON incidents USING gist ((geom::geography));

-- Last known position of each aircraft (one row per ICAO 24-bit address).
CREATE TABLE aircraft (
  icao24               text PRIMARY KEY,
  callsign             text,
  registration         text,
  type_code            text,
  operator             text,
  geom                 geometry(Point, 4326) NOT NULL,
  altitude_ft          integer,
  on_ground            boolean NOT NULL DEFAULT false,
  ground_speed_kt      real,
  track_deg            real,
  seen_at              timestamptz NOT NULL,
  firefighting         boolean NOT NULL DEFAULT false,
  firefighting_reason  text,
  source               text NOT NULL
);

CREATE INDEX aircraft_geom_idx ON aircraft USING gist (geom);
CREATE INDEX aircraft_geog_idx ON aircraft USING gist ((geom::geography)) WHERE firefighting;
CREATE INDEX aircraft_seen_at_idx ON aircraft (seen_at);

-- A firefighting aircraft within 20 statute miles of a fire or an incident.
CREATE TABLE correlations (
  icao24        text NOT NULL,
  target_type   text NOT NULL CHECK (target_type IN ('fire', 'incident')),
  target_id     text NOT NULL,
  distance_m    double precision NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (icao24, target_type, target_id)
);

CREATE INDEX correlations_last_seen_at_idx ON correlations (last_seen_at);
