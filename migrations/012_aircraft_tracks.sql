-- revision: 012_aircraft_tracks
-- parents: 011_gazetteer
-- on-change: reapply
-- Aircraft trail positions, partitioned by day under the retention setting.
-- Idempotent (IF NOT EXISTS throughout) because it is re-applied when changed.

-- Every distinct position/time of an aircraft, as the poller saw it; whole days are dropped past RETENTION_DAYS
-- by the partitions job (daily partitions aircraft_positions_pYYYYMMDD, like events).
CREATE TABLE IF NOT EXISTS aircraft_positions (
  icao24          text NOT NULL,
  seen_at         timestamptz NOT NULL,
  geom            geometry(Point, 4326) NOT NULL,
  altitude_ft     int,
  ground_speed_kt real,
  track_deg       real,
  on_ground       boolean NOT NULL DEFAULT false
) PARTITION BY RANGE (seen_at);

CREATE TABLE IF NOT EXISTS aircraft_positions_default PARTITION OF aircraft_positions DEFAULT;

-- Trails and playback read one aircraft's positions by time; the bbox of a trail query uses the geometry.
CREATE INDEX IF NOT EXISTS aircraft_positions_icao24_seen_at_idx ON aircraft_positions (icao24, seen_at);
CREATE INDEX IF NOT EXISTS aircraft_positions_seen_at_idx ON aircraft_positions (seen_at);
CREATE INDEX IF NOT EXISTS aircraft_positions_geom_idx ON aircraft_positions USING gist (geom);

-- The days around now exist from the start (as the partitions job would make them), so the first aircraft poll of a
-- new install writes into its day's partition instead of racing the job's move-and-attach out of the default one.
SELECT vantage_ensure_daily_partitions('aircraft_positions'::regclass, 'seen_at', (now() AT TIME ZONE 'UTC')::date - 1, 9);
