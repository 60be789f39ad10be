// The API's database sessions keep the pending list of a GIN index (event search) short, so no single insert has a
// long list to merge: with PostgreSQL's default the list of the same inserts grows past it; with ours it never does.
// A prepared statement is kept by its pooled connection and run by name; without a pool it is a plain query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { createMigratedTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const PAGE_BYTES = 8192;
const OUR_LIMIT_PAGES = (1024 * 1024) / PAGE_BYTES;
// Enough events for about 2 MB of pending entries: past our 1 MB, short of PostgreSQL's default 4 MB.
const EVENTS = 8_000;

// Into the default partition (no daily partition holds the year 2000), whose search index is watched; the text of
// a fire event as fire-events.ts writes it (the search vector is made from it by the table's trigger).
const INSERT_EVENTS = `
INSERT INTO events (source_type, url, title, summary, occurred_at, ingested_at)
SELECT 'fire', 'urn:test:' || $1::text || ':' || i,
       format('Fire detection by N20 at %s, %s', round((30 + i * 0.0007)::numeric, 3), round((-120 + i * 0.0011)::numeric, 3)),
       format('confidence n, FRP %s MW, VIIRS_NOAA20_NRT', round((i % 500 * 0.37)::numeric, 2)),
       now(), '2000-01-01T00:00:00Z'
FROM generate_series(1, $2::int) AS i`;

describe('API database sessions', () => {
  let database: TestDatabase;
  let index: string;
  const pendingPages = async () =>
    Number((await queryOnce<{ pages: number }>(database.url, 'SELECT pending_pages AS pages FROM pgstatginindex($1::regclass)', [index]))[0]?.pages);

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    await queryOnce(database.url, 'CREATE EXTENSION IF NOT EXISTS pgstattuple');
    // Autovacuum would empty the pending list on its own schedule, whatever the sessions' limit.
    await queryOnce(database.url, 'ALTER TABLE events_default SET (autovacuum_enabled = off)');
    const [row] = await queryOnce<{ name: string }>(
      database.url,
      `SELECT i.inhrelid::regclass::text AS name FROM pg_inherits i JOIN pg_index x ON x.indexrelid = i.inhrelid
       WHERE i.inhparent = 'events_search_vector_idx'::regclass AND x.indrelid = 'events_default'::regclass`,
    );
    index = row?.name ?? '';
  });
  afterAll(async () => {
    await database?.drop();
  });

  for (const nullPool of [false, true]) {
    it(`keep a GIN index's pending list within 1 MB (${nullPool ? 'a connection per unit of work' : 'pooled'})`, async () => {
      // A session with PostgreSQL's defaults leaves the same inserts' entries pending past 1 MB.
      await queryOnce(database.url, INSERT_EVENTS, ['default', EVENTS]);
      const defaultPages = await pendingPages();
      expect(defaultPages).toBeGreaterThan(OUR_LIMIT_PAGES);
      await queryOnce(database.url, 'SELECT gin_clean_pending_list($1::regclass)', [index]);
      expect(await pendingPages()).toBe(0);

      const db: Database = createDatabase({ url: database.url, nullPool, logger: { warn: () => undefined } });
      try {
        await db.query(INSERT_EVENTS, [`ours-${nullPool}`, EVENTS]);
        expect(await pendingPages()).toBeGreaterThan(0);
        expect(await pendingPages()).toBeLessThanOrEqual(OUR_LIMIT_PAGES);
      } finally {
        await db.close();
      }
      await queryOnce(database.url, 'SELECT gin_clean_pending_list($1::regclass)', [index]);
    });

    it(`run a prepared statement by its name (${nullPool ? 'a connection per unit of work' : 'pooled'})`, async () => {
      const db: Database = createDatabase({ url: database.url, nullPool, poolMax: 1, logger: { warn: () => undefined } });
      const prepared = () =>
        db.prepared<{ answer: number; names: string[] }>(
          'test_answer',
          'SELECT $1::int + 1 AS answer, array(SELECT name FROM pg_prepared_statements ORDER BY name) AS names',
          [41],
        );
      try {
        expect((await prepared()).rows[0]?.answer).toBe(42);
        // The pooled connection (the only one) kept it: the second run sees it prepared, under its name.
        expect((await prepared()).rows[0]?.names).toEqual(nullPool ? [] : ['test_answer']);
      } finally {
        await db.close();
      }
    });
  }
});
