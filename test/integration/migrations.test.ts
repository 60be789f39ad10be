import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRevisions } from '../../migrations/migration-files.js';
import { parseRevision } from '../../migrations/migration-graph.js';
import { runMigrations } from '../../migrations/migration-runner.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

describe('migrations on a real PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('two runners racing on a fresh database apply each revision exactly once', async () => {
    const [first, second] = await Promise.all([runMigrations(database.url), runMigrations(database.url)]);
    expect([...first.applied, ...second.applied].sort()).toEqual([
      '001_initial',
      '002_cameras',
      '002_fires',
      '003_news',
      '004_camera_enum',
      '005_news_items',
      '005_phase2',
      '006_merge_005',
      '007_news_undated',
      '007_pipeline_rejections',
      '008_merge_007',
      '009_camera_directories',
      '010_source_settings',
      '011_gazetteer',
      '012_aircraft_tracks',
      '013_fire_hot_paths',
      '014_partition_lock',
      '015_news_story_time',
      '016_geofence_baselines',
      '017_fire_hours_notify',
      '018_place_codes',
      '019_land_parts',
      '020_airports',
      '021_fire_tile_index',
      '022_incidents_left_feed',
      '023_incident_kind',
      '024_geofence_names',
      '025_boundary_views',
      '026_search_apostrophes',
      '027_news_event_url',
    ]);
    // One of them did all the work; the other waited on the lock and found nothing pending.
    expect([first.applied.length, second.applied.length].sort()).toEqual([0, 30]);
    expect(first.heads).toEqual(['027_news_event_url']);
    expect(second.heads).toEqual(['027_news_event_url']);
    const rows = await queryOnce<{ revision: string; n: string }>(
      database.url,
      'SELECT revision, count(*) AS n FROM schema_migrations GROUP BY revision',
    );
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.n === '1')).toBe(true);
  });

  it('a later run applies nothing', async () => {
    const again = await runMigrations(database.url);
    expect(again.applied).toEqual([]);
    expect(again.heads).toEqual(['027_news_event_url']);
  });

  it('a placeholder filled in later is re-applied where it is marked `on-change: reapply`, and only warned about otherwise', async () => {
    const scratch = await createTestDatabase();
    try {
      const revisions = await loadRevisions();
      // The chain as an earlier build had it: the news revisions as bare placeholders (and 004 changed without the mark).
      const placeholder = (id: string, reapply: boolean) => {
        const real = revisions.find((revision) => revision.id === id)!;
        return parseRevision(`${id}.sql`, `-- revision: ${id}\n-- parents: ${real.parents.join(', ')}\n${reapply ? '-- on-change: reapply\n' : ''}SELECT 1;\n`);
      };
      const earlier = revisions.map((revision) =>
        ['003_news', '005_news_items'].includes(revision.id)
          ? placeholder(revision.id, true)
          : revision.id === '004_camera_enum'
            ? placeholder('004_camera_enum', false)
            : revision,
      );
      await runMigrations(scratch.url, { revisions: earlier });
      expect(await queryOnce(scratch.url, `SELECT to_regclass('articles') AS t`)).toEqual([{ t: null }]);

      const messages: string[] = [];
      const logger = { info: (message: string) => messages.push(message), warn: (message: string) => messages.push(`warn: ${message}`) };
      const later = revisions.map((revision) => (revision.id === '004_camera_enum' ? { ...revision, reapplyWhenChanged: false } : revision));
      const outcome = await runMigrations(scratch.url, { revisions: later, logger });
      expect(outcome.applied).toEqual([]);
      expect(await queryOnce(scratch.url, `SELECT to_regclass('articles')::text AS t`)).toEqual([{ t: 'articles' }]);
      expect(messages).toContain('re-applied migration 003_news (an idempotent revision filled in after it was first applied)');
      expect(messages).toContain('re-applied migration 005_news_items (an idempotent revision filled in after it was first applied)');
      expect(await queryOnce(scratch.url, `SELECT to_regclass('news_items')::text AS t`)).toEqual([{ t: 'news_items' }]);
      // Made after 026 skipped it, its search reads ’ as an apostrophe all the same.
      await queryOnce(scratch.url, `INSERT INTO news_items (title, headline_key, published_at) VALUES ('Kushner’s role is tested', 'k', now())`);
      expect(await queryOnce(scratch.url, `SELECT count(*)::int AS n FROM news_items WHERE search_vector @@ to_tsquery('english', 'kushner')`)).toEqual([{ n: 1 }]);
      expect(messages).toContain('warn: migration 004_camera_enum changed after it was applied; the change is not applied');
      const [row] = await queryOnce<{ checksum: string }>(scratch.url, `SELECT checksum FROM schema_migrations WHERE revision = '003_news'`);
      expect(row!.checksum).toBe(revisions.find((revision) => revision.id === '003_news')!.checksum);
      // Every file that says it may be re-applied can run twice.
      const again = revisions.filter((revision) => revision.reapplyWhenChanged);
      expect(again.map((revision) => revision.id)).toEqual(['002_cameras', '003_news', '005_news_items', '009_camera_directories', '010_source_settings', '011_gazetteer', '012_aircraft_tracks', '013_fire_hot_paths', '014_partition_lock', '015_news_story_time', '021_fire_tile_index', '022_incidents_left_feed', '023_incident_kind', '024_geofence_names', '025_boundary_views']);
      for (const revision of again) await queryOnce(scratch.url, revision.sql);
    } finally {
      await scratch.drop();
    }
  });

  it('fences kept under one name before names were unique keep it for the first; the later ones get their id after it', async () => {
    const scratch = await createTestDatabase();
    try {
      const revisions = await loadRevisions();
      await runMigrations(scratch.url, { revisions: revisions.filter((revision) => revision.id !== '024_geofence_names') });
      const square = `ST_Multi(ST_GeomFromText('POLYGON((0 0,1 0,1 1,0 1,0 0))', 4326))`;
      await queryOnce(scratch.url, `INSERT INTO geofences (name, geom) VALUES ('Home', ${square}), ('home', ${square}), ('Work', ${square}), ('HOME', ${square})`);
      await runMigrations(scratch.url, { revisions });
      const rows = await queryOnce<{ id: string; name: string }>(scratch.url, 'SELECT id::text, name FROM geofences ORDER BY id');
      expect(rows.map((row) => row.name)).toEqual(['Home', `home (${rows[1]!.id})`, 'Work', `HOME (${rows[3]!.id})`]);
      await expect(queryOnce(scratch.url, `INSERT INTO geofences (name, geom) VALUES ('WORK', ${square})`)).rejects.toThrow(/geofences_name_key/);
    } finally {
      await scratch.drop();
    }
  });

  it('boundaries stored before views were kept get theirs: the main body of land, across the antimeridian where it lies so', async () => {
    const scratch = await createTestDatabase();
    try {
      const revisions = await loadRevisions();
      await runMigrations(scratch.url, { revisions: revisions.filter((revision) => revision.id !== '025_boundary_views') });
      // A mainland with an island off its coast, a far territory across the ocean, and a country cut at ±180°.
      const box = (w: number, s: number, e: number, n: number) => `((${w} ${s},${e} ${s},${e} ${n},${w} ${n},${w} ${s}))`;
      const insert = (name: string, polygons: string[]) =>
        queryOnce(
          scratch.url,
          `INSERT INTO boundaries (level, name, source, geom, tile_geom, tile_geom_low, label_point)
           SELECT 0, $1, 'test', g, ST_Transform(g, 3857), ST_Transform(g, 3857), ST_PointOnSurface(g)
           FROM (SELECT ST_GeomFromText('MULTIPOLYGON(' || $2 || ')', 4326) AS g) AS shape`,
          [name, polygons.join(',')],
        );
      // A far territory of a sixth of the land is left out; one of half of it is in the view.
      await insert('Mainland', [box(0, 40, 10, 50), box(11, 42, 12, 43), box(-60, 3, -57, 5)]);
      await insert('Two halves', [box(0, 0, 10, 10), box(20, 0, 27, 10)]);
      await insert('Across', [box(170, 60, 180, 70), box(-180, 64, -172, 68)]);
      await runMigrations(scratch.url, { revisions });
      const rows = await queryOnce<{ name: string; view: number[] }>(scratch.url, 'SELECT name, view_bbox AS view FROM boundaries ORDER BY name');
      expect(rows).toEqual([
        { name: 'Across', view: [170, 60, 188, 70] },
        { name: 'Mainland', view: [0, 40, 12, 50] },
        { name: 'Two halves', view: [0, 0, 27, 10] },
      ]);
    } finally {
      await scratch.drop();
    }
  });

  it('creates the day-partitioned events table with its enum, trigger-kept search vector and default partition', async () => {
    const [table] = await queryOnce<{ strategy: string; key: string }>(
      database.url,
      `SELECT partstrat AS strategy, pg_get_partkeydef('events'::regclass) AS key FROM pg_partitioned_table WHERE partrelid = 'events'::regclass`,
    );
    expect(table).toEqual({ strategy: 'r', key: 'RANGE (ingested_at)' });
    const [primaryKey] = await queryOnce<{ definition: string }>(
      database.url,
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'events'::regclass AND contype = 'p'`,
    );
    expect(primaryKey?.definition).toBe('PRIMARY KEY (id, ingested_at)');
    const labels = await queryOnce<{ label: string }>(
      database.url,
      "SELECT unnest(enum_range(NULL::event_source_type))::text AS label",
    );
    expect(labels.map((row) => row.label)).toEqual(['fire', 'news', 'aircraft', 'incident', 'alert', 'camera']);

    const [inserted] = await queryOnce<{ search_vector: string; partition: string }>(
      database.url,
      `INSERT INTO events (source_type, url, title, summary, geom, occurred_at, ingested_at)
       VALUES ('fire', 'https://example.test/fire/1', 'Wildfire near Canyon Ridge', 'Spreading east',
               ST_SetSRID(ST_MakePoint(-120.5, 38.2), 4326), now(), '2031-01-01T10:00:00Z')
       RETURNING search_vector::text, tableoid::regclass::text AS partition`,
    );
    expect(inserted?.search_vector).toContain("'wildfir':1A");
    expect(inserted?.search_vector).toContain("'spread':5B");
    expect(inserted?.partition).toBe('events_default');
  });

  it('creating a day partition moves strays of that day out of the default partition', async () => {
    const [created] = await queryOnce<{ n: number }>(
      database.url,
      "SELECT vantage_ensure_daily_partitions('events'::regclass, 'ingested_at', '2031-01-01', 2) AS n",
    );
    expect(created?.n).toBe(2);
    const rows = await queryOnce<{ partition: string }>(
      database.url,
      "SELECT tableoid::regclass::text AS partition FROM events WHERE url = 'https://example.test/fire/1'",
    );
    expect(rows).toEqual([{ partition: 'events_p20310101' }]);
    const [again] = await queryOnce<{ n: number }>(
      database.url,
      "SELECT vantage_ensure_daily_partitions('events'::regclass, 'ingested_at', '2031-01-01', 2) AS n",
    );
    expect(again?.n).toBe(0);
  });

  it('finds fires by box and time in one GiST index, on every day partition (a tile tests its window in the index)', async () => {
    await queryOnce(database.url, "SELECT vantage_ensure_daily_partitions('fires'::regclass, 'acq_time', '2031-02-01', 1)");
    const gist = await queryOnce<{ table: string; definition: string }>(
      database.url,
      `SELECT tablename AS table, regexp_replace(indexdef, '^.* USING ', '') AS definition FROM pg_indexes
       WHERE tablename IN ('fires', 'fires_p20310201') AND indexdef LIKE '%USING gist%' ORDER BY 1, 2`,
    );
    expect(gist).toEqual([
      { table: 'fires', definition: 'gist (((geom)::geography))' },
      { table: 'fires', definition: 'gist (geom, acq_time)' },
      { table: 'fires_p20310201', definition: 'gist (((geom)::geography))' },
      { table: 'fires_p20310201', definition: 'gist (geom, acq_time)' },
    ]);
    // The window is an index condition: no detection of the box outside it is read from the table.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT frp FROM fires_p20310201
         WHERE geom && ST_MakeEnvelope(-125, 32, -114, 42, 4326) AND acq_time >= '2031-02-01T12:00:00Z'`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('fires_p20310201_geom_acq_time_idx');
      expect(plan).toMatch(/Index Cond: \(\(geom && .*\) AND \(acq_time >= /);
    } finally {
      await client.end();
    }
  });
});
