// Many values through one statement's array parameter (the known-aircraft read of 10,000 addresses), a batch of values
// per statement. pg writes a parameter into its buffer in one go, which held the event loop ~20 ms for a 3 MB one; a
// batch is a fifth of that, with a turn between batches while PostgreSQL works.

/** Values a statement takes at a time. */
export const ROWS_PER_STATEMENT = 2_000;

/** The items in consecutive batches of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number = ROWS_PER_STATEMENT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
