-- revision: 014_partition_lock
-- parents: 013_fire_hot_paths
-- on-change: reapply
-- Making a daily partition locks its parent against writers first (idempotent: CREATE OR REPLACE, re-applied
-- whenever this file changes).

-- Creates the daily partitions [first_day, first_day + day_count) of a table partitioned by day.
-- Rows that already fell into the default partition for such a day are moved into the new one.
CREATE OR REPLACE FUNCTION vantage_ensure_daily_partitions(parent regclass, key_column text, first_day date, day_count int)
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
    -- No row may be routed into the default partition while its rows of this day move out and the new partition is
    -- attached: writers wait here (milliseconds), then are routed to the new partition. Without it the first fire
    -- poll of a fresh install failed with 'new row for relation "fires_default" violates partition constraint'.
    EXECUTE format('LOCK TABLE %I.%I IN SHARE ROW EXCLUSIVE MODE', parent_schema, parent_name);
    -- Another process may have made it while this one waited.
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
