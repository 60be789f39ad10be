-- revision: 002_fires
-- parents: 001_initial
-- Placeholder revision in the schema chain: fire detections (filled in by the fires issue).
SELECT 1;
