-- revision: 017_fire_hours_notify
-- parents: 016_geofence_baselines
-- Every API process keeps the fire tiles it drew and answers them from memory while no detection is stored in their
-- hours (server/fires/fire-change-feed.ts, LISTEN fire_hours). The hours a statement bumps in fire_hour_versions are
-- sent on that channel by the table itself, delivered at commit: whatever writes them (any build of the app on a
-- shared database, a script) tells every process. Epoch seconds joined by commas, or "*" past 500 hours, which keeps
-- a payload under PostgreSQL's 8,000 bytes. An INSERT … ON CONFLICT DO UPDATE fires both triggers, each with its rows.
CREATE OR REPLACE FUNCTION vantage_notify_fire_hours() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hour_count integer;
  hours text;
BEGIN
  SELECT count(*), string_agg(extract(epoch FROM hour)::bigint::text, ',') INTO hour_count, hours FROM changed_hours;
  IF hour_count > 0 THEN
    PERFORM pg_notify('fire_hours', CASE WHEN hour_count > 500 THEN '*' ELSE hours END);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER fire_hour_versions_inserted AFTER INSERT ON fire_hour_versions
  REFERENCING NEW TABLE AS changed_hours FOR EACH STATEMENT EXECUTE FUNCTION vantage_notify_fire_hours();
CREATE TRIGGER fire_hour_versions_updated AFTER UPDATE ON fire_hour_versions
  REFERENCING NEW TABLE AS changed_hours FOR EACH STATEMENT EXECUTE FUNCTION vantage_notify_fire_hours();
