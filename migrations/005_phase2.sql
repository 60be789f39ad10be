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

-- Areas an analyst watches; stored as MultiPolygons in -180..180 (a fence across the antimeridian is split there).
CREATE TABLE geofences (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  geom       geometry(MultiPolygon, 4326) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX geofences_geom_idx ON geofences USING gist (geom);

-- Whether an object is inside a fence now: an alert is raised when it goes from outside to inside.
CREATE TABLE geofence_presence (
  geofence_id bigint NOT NULL REFERENCES geofences (id) ON DELETE CASCADE,
  object_type text NOT NULL,
  object_id   text NOT NULL,
  inside      boolean NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (geofence_id, object_type, object_id)
);
CREATE INDEX geofence_presence_object_idx ON geofence_presence (object_type, object_id) WHERE inside;

CREATE TABLE alerts (
  id            bigserial PRIMARY KEY,
  geofence_id   bigint REFERENCES geofences (id) ON DELETE SET NULL,
  geofence_name text NOT NULL,
  object_type   text NOT NULL,
  object_id     text NOT NULL,
  title         text NOT NULL,
  geom          geometry(Geometry, 4326) NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Messaging-bot delivery: retried with backoff, never in the way of storing.
  notified_at     timestamptz,
  notify_attempts integer NOT NULL DEFAULT 0,
  notify_error    text,
  next_notify_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alerts_pending_notification_idx ON alerts (next_notify_at) WHERE notified_at IS NULL;
CREATE INDEX alerts_created_at_idx ON alerts (created_at);
CREATE INDEX alerts_geofence_idx ON alerts (geofence_id, created_at);
