-- revision: 012_aircraft_tracks
-- parents: 011_gazetteer
-- on-change: reapply
-- Aircraft trail positions, partitioned by day under the retention setting.
-- Placeholder until its slice lands; idempotent (IF NOT EXISTS throughout) because it is re-applied when filled in.
SELECT 1;
