-- revision: 016_geofence_baselines
-- parents: 015_news_story_time
-- A fence's first check of a source that sends its whole state each run (incidents, aircraft) takes what is inside
-- then as already there: drawing a fence over Los Angeles raised 421 alerts within a minute, for incidents known
-- since January and aircraft that were overhead before it was drawn. One row per fence and such a source once
-- that first check was made (geofence-repository.ts CHECK).
CREATE TABLE geofence_baselines (
  geofence_id bigint NOT NULL REFERENCES geofences (id) ON DELETE CASCADE,
  object_type text NOT NULL,
  taken_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (geofence_id, object_type)
);

-- The fences drawn before this revision have been checked all along: they alert as they did.
INSERT INTO geofence_baselines (geofence_id, object_type)
SELECT g.id, t.object_type FROM geofences g CROSS JOIN (VALUES ('aircraft'), ('incident')) AS t(object_type);
