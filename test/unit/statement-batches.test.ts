// A long list of values is cut into statement-sized batches, in order.
import { describe, expect, it } from 'vitest';
import { batchesOf, ROWS_PER_STATEMENT } from '../../server/db/statement-batches.js';

describe('statement batches', () => {
  it('cuts a list into batches of at most the size, in order', () => {
    expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batchesOf([], 2)).toEqual([]);
    expect(batchesOf(Array.from({ length: ROWS_PER_STATEMENT + 1 }, (_, index) => index)).map((batch) => batch.length)).toEqual([ROWS_PER_STATEMENT, 1]);
  });
});
