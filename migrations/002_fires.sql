-- revision: 002_fires
-- parents: 001_initial
-- Fire detections (FIRMS), one row per (position, acquisition instant, satellite), partitioned by day.

CREATE TABLE fires (
  latitude        double precision NOT NULL,
  longitude       double precision NOT NULL,
  acq_time        timestamptz NOT NULL,
  satellite       text NOT NULL,
  instrument      text,
  confidence      text,
  frp             real,
  brightness      real,
  brightness_t31  real,
  scan            real,
  track           real,
  version         text,
  daynight        char(1),
  geom            geometry(Point, 4326) NOT NULL,
  ingested_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (latitude, longitude, acq_time, satellite)
) PARTITION BY RANGE (acq_time);

CREATE TABLE fires_default PARTITION OF fires DEFAULT;

CREATE INDEX fires_geom_idx ON fires USING gist (geom);
CREATE INDEX fires_acq_time_idx ON fires (acq_time);

-- Served by ST_DWithin on geography in the 20-mile aircraft correlation.
CREATE INDEX fires_geog_idx ON fires USING gist ((geom::geography));
