// Many rows written through one statement that reads them from a JSON parameter (jsonb_to_recordset), a batch of rows
// per statement. pg writes a parameter into its buffer in one go: 10,000 ADS-B reports as one 3 MB parameter held the
// event loop ~20 ms, and a poll wrote two of them back to back; a batch is a fifth of that, with a turn between batches
// while PostgreSQL works.
import type { Database } from './database.js';

/** Rows a statement takes at a time (~600 KB of JSON for ADS-B reports). */
export const ROWS_PER_STATEMENT = 2_000;

/** The items in consecutive batches of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number = ROWS_PER_STATEMENT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * Runs `statement` once per batch of rows, one after another, its $1 the JSON array of the batch (each row already
 * written as JSON); answers the rows returned and the rows affected, summed. Batches are not one transaction: a
 * statement's caller must be content with the batches before a failure staying written.
 */
export async function queryJsonBatches<R extends object = Record<string, unknown>>(
  db: Database,
  statement: string,
  rowsJson: readonly string[],
): Promise<{ rows: R[]; rowCount: number }> {
  const rows: R[] = [];
  let rowCount = 0;
  for (const batch of batchesOf(rowsJson)) {
    const result = await db.query<R & Record<string, unknown>>(statement, [`[${batch.join(',')}]`]);
    for (const row of result.rows) rows.push(row);
    rowCount += result.rowCount ?? 0;
  }
  return { rows, rowCount };
}
