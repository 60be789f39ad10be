-- revision: 013_fire_hot_paths
-- parents: 012_aircraft_tracks
-- on-change: reapply
-- Hot paths of the fire list and tiles. Idempotent (IF NOT EXISTS throughout): re-applied whenever this file changes.

-- GET /api/fires reads the newest detections of a window in a bbox: walking this index backwards answers it
-- from the index alone (bbox tested on latitude/longitude, every answered column included), without a heap
-- visit per skipped row. It replaces the plain acq_time index, so storing a detection costs no extra index.
CREATE INDEX IF NOT EXISTS fires_acq_time_covering_idx ON fires (acq_time)
  INCLUDE (latitude, longitude, satellite, confidence, frp, daynight, instrument);
DROP INDEX IF EXISTS fires_acq_time_idx;

-- A change counter per acquisition hour (UTC), bumped in the statement that stores new detections, so a
-- cached tile of closed hours is revalidated with one indexed read.
CREATE TABLE IF NOT EXISTS fire_hour_versions (
  hour    timestamptz PRIMARY KEY,
  version bigint NOT NULL DEFAULT 1
);
