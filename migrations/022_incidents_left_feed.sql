-- revision: 022_incidents_left_feed
-- parents: 021_fire_tile_index
-- on-change: reapply
-- When an incident was missing from whole WFIGS answers. The feed's layer holds the current incidents; one that leaves
-- it (declared out, merged into a complex, a record withdrawn) was kept as it last stood and drawn as current for good:
-- after a fire season the map, search, export and the aircraft's watch areas showed hundreds of incidents long over.
-- missed_at: the first whole answer that did not hold it (one answer may miss a feature: its pages are read at
-- different moments of a layer rewritten every few minutes); left_feed_at: the second in a row, from which on it is
-- gone. Both null while the feed holds it, and cleared if it comes back. Retention deletes those gone before its cutoff.
-- Idempotent: re-applied when changed (a first version had left_feed_at alone: those it marked gone were missed too).
ALTER TABLE incidents ADD COLUMN IF NOT EXISTS missed_at timestamptz;
ALTER TABLE incidents ADD COLUMN IF NOT EXISTS left_feed_at timestamptz;
UPDATE incidents SET missed_at = left_feed_at WHERE missed_at IS NULL AND left_feed_at IS NOT NULL;
-- What every reader of incidents (the map's list, search, export, the aircraft's watch areas and pairings) reads: those
-- the feed holds. PostgreSQL folds the view into each statement, so the indexes of incidents serve it as before.
-- Made only where there is none: re-applied after a later revision widened the view (023 adds kind), a CREATE OR
-- REPLACE of these columns would be refused ("cannot drop columns from view").
DO $$
BEGIN
  IF to_regclass('current_incidents') IS NULL THEN
    CREATE VIEW current_incidents AS
      SELECT irwin_id, name, size_acres, percent_contained, discovered_at, state, geom, updated_at FROM incidents WHERE left_feed_at IS NULL;
  END IF;
END
$$;
