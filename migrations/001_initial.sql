-- revision: 001_initial
-- parents:
-- The event store every source feeds, partitioned by day, plus the bookkeeping the API needs.

CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TYPE event_source_type AS ENUM ('fire', 'news', 'aircraft', 'incident', 'alert');

CREATE SEQUENCE events_id_seq AS bigint;

CREATE TABLE events (
  id            bigint NOT NULL DEFAULT nextval('events_id_seq'),
  source_type   event_source_type NOT NULL,
  url           text NOT NULL,
  title         text NOT NULL,
  summary       text,
  geom          geometry(Geometry, 4326),
  occurred_at   timestamptz NOT NULL,
  ingested_at   timestamptz NOT NULL DEFAULT now(),
  payload       jsonb NOT NULL DEFAULT '{}'::jsonb,
  search_vector tsvector,
  PRIMARY KEY (id, ingested_at)
) PARTITION BY RANGE (ingested_at);

ALTER SEQUENCE events_id_seq OWNED BY events.id;

CREATE TABLE events_default PARTITION OF events DEFAULT;

CREATE INDEX events_search_vector_idx ON events USING gin (search_vector);
CREATE INDEX events_geom_idx ON events USING gist (geom);
CREATE INDEX events_occurred_at_idx ON events (occurred_at);
CREATE INDEX events_source_type_occurred_at_idx ON events (source_type, occurred_at);

-- Title weighs more than summary in ranking.
CREATE FUNCTION events_search_vector_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.summary, '')), 'B');
  RETURN NEW;
END
$$;

CREATE TRIGGER events_search_vector_trigger
  BEFORE INSERT OR UPDATE OF title, summary ON events
  FOR EACH ROW EXECUTE FUNCTION events_search_vector_update();

-- Creates the daily partitions [first_day, first_day + day_count) of a table partitioned by day.
-- Rows that already fell into the default partition for such a day are moved into the new one.
CREATE FUNCTION vantage_ensure_daily_partitions(parent regclass, key_column text, first_day date, day_count int)
RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  parent_name text := (SELECT relname FROM pg_class WHERE oid = parent);
  parent_schema text := (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent);
  default_name text := parent_name || '_default';
  day date;
  partition_name text;
  created int := 0;
BEGIN
  FOR i IN 0 .. day_count - 1 LOOP
    day := first_day + i;
    partition_name := parent_name || '_p' || to_char(day, 'YYYYMMDD');
    CONTINUE WHEN to_regclass(format('%I.%I', parent_schema, partition_name)) IS NOT NULL;
    EXECUTE format('CREATE TABLE %I.%I (LIKE %I.%I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
                   parent_schema, partition_name, parent_schema, parent_name);
    IF to_regclass(format('%I.%I', parent_schema, default_name)) IS NOT NULL THEN
      EXECUTE format('WITH moved AS (DELETE FROM %I.%I WHERE %I >= %L::date AND %I < %L::date RETURNING *) '
                     'INSERT INTO %I.%I SELECT * FROM moved',
                     parent_schema, default_name, key_column, day, key_column, day + 1,
                     parent_schema, partition_name);
    END IF;
    EXECUTE format('ALTER TABLE %I.%I ATTACH PARTITION %I.%I FOR VALUES FROM (%L) TO (%L)',
                   parent_schema, parent_name, parent_schema, partition_name,
                   day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
    created := created + 1;
  END LOOP;
  RETURN created;
END
$$;

-- Drops the daily partitions of `parent` that hold only days before `cutoff`; answers how many.
CREATE FUNCTION vantage_drop_daily_partitions_before(parent regclass, cutoff date)
RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  parent_name text := (SELECT relname FROM pg_class WHERE oid = parent);
  part record;
  dropped int := 0;
BEGIN
  FOR part IN
    SELECT n.nspname AS schema_name, c.relname AS name
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE i.inhparent = parent AND c.relname ~ ('^' || parent_name || '_p[0-9]{8}$')
  LOOP
    IF to_date(right(part.name, 8), 'YYYYMMDD') < cutoff THEN
      EXECUTE format('DROP TABLE %I.%I', part.schema_name, part.name);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  RETURN dropped;
END
$$;

-- One row per stored event URL, across all partitions: the ingester's idempotency key.
CREATE TABLE event_urls (
  url         text PRIMARY KEY,
  ingested_at timestamptz NOT NULL
);
CREATE INDEX event_urls_ingested_at_idx ON event_urls (ingested_at);

-- The coarse map cell (1 degree) of a geometry for the playback rollup; -1 when there is none.
CREATE FUNCTION vantage_grid_cell(geom geometry) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN geom IS NULL OR ST_IsEmpty(geom) THEN -1 ELSE
    (least(89, greatest(-90, floor(ST_Y(ST_PointOnSurface(geom)))))::int + 90) * 360 +
    (least(179, greatest(-180, floor(ST_X(ST_PointOnSurface(geom)))))::int + 180)
  END
$$;

-- Events per minute (of occurred_at), source type and map cell, kept in the same transaction as
-- the rows it counts, so it always equals count(*) over the raw rows.
CREATE TABLE event_minute_rollup (
  minute      timestamptz NOT NULL,
  source_type event_source_type NOT NULL,
  cell        int NOT NULL,
  count       bigint NOT NULL,
  PRIMARY KEY (minute, source_type, cell)
);

-- Last outcome of each background pipeline, shared by every API process.
CREATE TABLE pipeline_status (
  name            text PRIMARY KEY,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error      text,
  last_error_at   timestamptz,
  rejected        bigint NOT NULL DEFAULT 0
);
