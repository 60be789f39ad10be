-- revision: 002_cameras
-- parents: 002_fires
-- Placeholder revision in the schema chain: public cameras (filled in by the cameras issue).
SELECT 1;
