import { describe, expect, it } from 'vitest';
import { fitsFloat4 } from '../../server/db/float4.js';

describe('fitsFloat4: what a PostgreSQL `real` column stores instead of refusing', () => {
  it('holds zero, the largest and smallest floats, and ordinary values', () => {
    // 7.006492321624087e-46 is just above 2^-150, which rounds up to the smallest float4 (1.4e-45).
    for (const value of [0, -0, 3.4028234663852886e38, -3.4028234663852886e38, 1e-45, -1.4e-45, 7.006492321624087e-46, 1.17549435e-38, 220.5, 1e38]) {
      expect(fitsFloat4(value), String(value)).toBe(true);
    }
  });

  it('refuses what rounds to infinity or to zero from a value that is not zero', () => {
    // 2^-150 itself (7.006492321624085e-46) rounds to even: zero.
    for (const value of [3.5e38, -1e39, 5e-324, 1e-46, 7.006492321624085e-46, -1e-300, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(fitsFloat4(value), String(value)).toBe(false);
    }
  });
});
