-- revision: 022_incidents_left_feed
-- parents: 021_fire_tile_index
-- When an incident was last missing from a whole WFIGS answer. The feed's layer holds the current incidents; one that
-- leaves it (declared out, merged into a complex, a record withdrawn) was kept as it last stood and drawn as current
-- for good: after a fire season the map, search, export and the aircraft's watch areas showed hundreds of incidents
-- long over. Null while the feed holds it; set by the poll that first finds it missing, cleared if it comes back.
-- Retention deletes those missing since before its cutoff.
ALTER TABLE incidents ADD COLUMN IF NOT EXISTS left_feed_at timestamptz;
