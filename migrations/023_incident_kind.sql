-- revision: 023_incident_kind
-- parents: 022_incidents_left_feed
-- on-change: reapply
-- What kind of incident the feed says it is (IRWIN's IncidentTypeCategory): a wildfire (WF), a prescribed burn (RX)
-- or an incident complex (CX); null when the feed did not say. A third of a season's layer can be prescribed burns:
-- they were drawn, counted and watched for aircraft as wildfires.
ALTER TABLE incidents ADD COLUMN IF NOT EXISTS kind text;
-- The view's columns grow at its end (CREATE OR REPLACE VIEW keeps those it had).
CREATE OR REPLACE VIEW current_incidents AS
  SELECT irwin_id, name, size_acres, percent_contained, discovered_at, state, geom, updated_at, kind FROM incidents WHERE left_feed_at IS NULL;
