-- revision: 010_source_settings
-- parents: 009_camera_directories
-- on-change: reapply
-- Source settings edited in the app's Sources panel (name → value), the environment still wins.
-- Placeholder until its slice lands; idempotent (IF NOT EXISTS throughout) because it is re-applied when filled in.
SELECT 1;
