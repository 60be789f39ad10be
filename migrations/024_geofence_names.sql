-- revision: 024_geofence_names
-- parents: 023_incident_kind
-- on-change: reapply
-- A geofence's name tells it apart in the list, the "inside a geofence" filter and its alerts: one fence per name, in any
-- case. Fences kept under one name before this (the API took any) keep it for the first; each later one gets its id
-- after it ("Home (7)"), so nothing is lost and the index can be made.
UPDATE geofences g SET name = left(g.name, 180) || ' (' || g.id || ')'
WHERE EXISTS (SELECT 1 FROM geofences o WHERE lower(o.name) = lower(g.name) AND o.id < g.id);
CREATE UNIQUE INDEX IF NOT EXISTS geofences_name_key ON geofences (lower(name));
