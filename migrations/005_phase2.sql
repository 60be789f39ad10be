-- revision: 005_phase2
-- parents: 004_camera_enum
-- Placeholder revision in the schema chain: phase-two tables (geofences, alerts, incidents, aircraft) land here with their issues.
SELECT 1;
