// jsonArrayStream against the real PostgreSQL: the JSON array of a query's rows, written while they arrive, in pieces
// of at least PIECE_CHARS; nothing sent for a reader who left before the connection came; a writer's failure fails the
// stream and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.js';
import { jsonArrayStream, PIECE_CHARS } from '../../server/db/json-array-stream.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

type NumberRow = [string];

/** Each row's only column, a number as PostgreSQL wrote it. */
const numbers = (rows: readonly NumberRow[]) => rows.map((row) => row[0]).join(',');

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const piece of stream) text += String(piece);
  return text;
}

describe('jsonArrayStream (real PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase({ url: database.url, nullPool: false, logger: { warn: () => undefined } });
    await db.query('CREATE TABLE sent (n int)');
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('writes every row once, in order, across many reads of the connection; no rows is []', async () => {
    const text = await readAll(jsonArrayStream<NumberRow>(db, { text: 'SELECT n FROM generate_series(1, $1::int) AS n ORDER BY n', values: [50_000] }, numbers));
    expect(JSON.parse(text)).toEqual(Array.from({ length: 50_000 }, (_, index) => index + 1));
    expect(await readAll(jsonArrayStream<NumberRow>(db, { text: 'SELECT 1 WHERE false', values: [] }, numbers))).toBe('[]');
  });

  it('pushes pieces of at least PIECE_CHARS but the last, not one per read of the connection (about 14 KB)', async () => {
    // The rows trickle in, as a query's rows do while it runs (a pause every 2,000): many small reads.
    const trickle = "SELECT n FROM generate_series(1, $1::int) AS n WHERE n % 2000 <> 0 OR pg_sleep(0.003)::text = ''";
    const stream = jsonArrayStream<NumberRow>(db, { text: trickle, values: [200_000] }, numbers);
    // Each push as it was pushed (an async iterator would join what waits in the buffer).
    const pieces: string[] = [];
    const started = performance.now();
    let firstPieceAt = 0;
    stream.on('data', (piece: Buffer) => {
      if (pieces.length === 0) firstPieceAt = performance.now() - started;
      pieces.push(piece.toString());
    });
    await new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
    // Sent while the query still runs (its pauses alone take 300 ms), not all at its end.
    expect(firstPieceAt).toBeLessThan(performance.now() - started - 150);
    // 1.3 MB of text, in more than one piece. (How many depends on how much each read of the connection brings: on a
    // loaded machine the socket holds more between reads, and four or fewer pieces of 64 KB or more came.)
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(0, -2)) expect(piece.length).toBeGreaterThanOrEqual(PIECE_CHARS);
    expect(JSON.parse(pieces.join(''))).toEqual(Array.from({ length: 200_000 }, (_, index) => index + 1));
  });

  it('never sends the query of a reader who left before the connection came', async () => {
    // The statement leaves a row behind when it runs.
    const stream = jsonArrayStream<NumberRow>(db, { text: 'INSERT INTO sent VALUES ($1) RETURNING n', values: [1] }, numbers);
    stream.destroy();
    // What runs meanwhile on the same pool has run after it.
    await jsonArrayStream<NumberRow>(db, { text: 'INSERT INTO sent VALUES ($1) RETURNING n', values: [2] }, numbers).toArray();
    expect(await queryOnce<{ n: number }>(database.url, 'SELECT n FROM sent ORDER BY n')).toEqual([{ n: 2 }]);
  });

  it('fails the stream, and nothing else, when writing a piece fails', async () => {
    const stream = jsonArrayStream<NumberRow>(db, { text: 'SELECT n FROM generate_series(1, 10) AS n', values: [] }, () => {
      throw new Error('cannot write this');
    });
    await expect(readAll(stream)).rejects.toThrow('cannot write this');
    // The connection went back: the pool still answers.
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
