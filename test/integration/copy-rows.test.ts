// Rows copied in through COPY (CSV) a chunk at a time: every row arrives once and in order across chunks, text comes
// back as it was sent, null as NULL, and a point written as EWKT is the point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRows, csvField, ewktPoint, ROWS_PER_CHUNK } from '../../server/db/copy-rows.js';
import { createDatabase, type Database } from '../../server/db/database.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

describe('rows through COPY (real PostgreSQL + PostGIS)', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    await db.query('CREATE TABLE copied (n int PRIMARY KEY, label text, amount float8, flag boolean, geom geometry(Point, 4326))');
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('copies every row once, in order, across several chunks, and answers the count', async () => {
    const count = ROWS_PER_CHUNK * 2 + 7;
    const lines = Array.from({ length: count }, (_, n) => [n, csvField(`row ${n}`), csvField(n / 3), csvField(n % 2 === 0), ''].join(','));
    expect(await db.withClient((client) => copyRows(client, 'COPY copied (n, label, amount, flag, geom) FROM STDIN WITH (FORMAT csv)', lines))).toBe(count);
    const { rows } = await db.query<{ n: number; label: string; amount: number; flag: boolean }>('SELECT n, label, amount, flag FROM copied ORDER BY n');
    expect(rows.length).toBe(count);
    expect(rows[count - 1]).toEqual({ n: count - 1, label: `row ${count - 1}`, amount: (count - 1) / 3, flag: (count - 1) % 2 === 0 });
    expect(rows.every((row, index) => row.n === index)).toBe(true);
  });

  it('keeps quotes, commas, line breaks, backslashes, non-ASCII and empty text as sent; null is NULL; EWKT is the point', async () => {
    await db.query('TRUNCATE copied');
    const awkward = ['say "hi", then\nleave', '\\N', '', 'Ñandú — 火'];
    const lines = [
      ...awkward.map((label, n) => [n, csvField(label), csvField(null), csvField(null), csvField(null)].join(',')),
      [9, csvField(null), csvField(-0.5e-7), csvField(false), csvField(ewktPoint(-120.25, 38.5))].join(','),
    ];
    await db.withClient((client) => copyRows(client, 'COPY copied (n, label, amount, flag, geom) FROM STDIN WITH (FORMAT csv)', lines));
    const { rows } = await db.query<{ label: string | null; amount: number | null; flag: boolean | null; point: string | null }>(
      'SELECT label, amount, flag, ST_AsText(geom) AS point FROM copied ORDER BY n',
    );
    expect(rows).toEqual([
      ...awkward.map((label) => ({ label, amount: null, flag: null, point: null })),
      { label: null, amount: -0.5e-7, flag: false, point: 'POINT(-120.25 38.5)' },
    ]);
  });
});
