// A statement over many JSON rows runs a batch at a time: every row is written once, in order, and the answers of
// the batches come back as one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { batchesOf, queryJsonBatches, ROWS_PER_STATEMENT } from '../../server/db/statement-batches.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

describe('statements in batches of JSON rows', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    await db.query('CREATE TABLE batch_rows (n int PRIMARY KEY, label text)');
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('cuts a list into batches of at most the size, in order', () => {
    expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batchesOf([], 2)).toEqual([]);
    expect(batchesOf(Array.from({ length: ROWS_PER_STATEMENT + 1 }, (_, index) => index)).map((batch) => batch.length)).toEqual([ROWS_PER_STATEMENT, 1]);
  });

  it('writes rows across several statements and answers their rows and counts as one', async () => {
    const count = ROWS_PER_STATEMENT * 2 + 7;
    const rows = Array.from({ length: count }, (_, n) => JSON.stringify({ n, label: `row "${n}"` }));
    const answer = await queryJsonBatches<{ n: number }>(
      db,
      `INSERT INTO batch_rows (n, label) SELECT n, label FROM jsonb_to_recordset($1::jsonb) AS x(n int, label text) RETURNING n`,
      rows,
    );
    expect(answer.rowCount).toBe(count);
    expect(answer.rows.map((row) => row.n)).toEqual(Array.from({ length: count }, (_, n) => n));
    const stored = await queryOnce<{ count: number; last: string }>(database.url, `SELECT count(*)::int AS count, max(label) FILTER (WHERE n = ${count - 1}) AS last FROM batch_rows`);
    expect(stored[0]).toEqual({ count, last: `row "${count - 1}"` });
    expect(await queryJsonBatches(db, 'SELECT 1', [])).toEqual({ rows: [], rowCount: 0 });
  });
});
