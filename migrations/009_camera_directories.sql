-- revision: 009_camera_directories
-- parents: 008_merge_007
-- on-change: reapply
-- Built-in official camera directories (Caltrans CCTV per district): which are switched on, and cameras linked to fires/incidents.
-- Placeholder until its slice lands; idempotent (IF NOT EXISTS throughout) because it is re-applied when filled in.
SELECT 1;
