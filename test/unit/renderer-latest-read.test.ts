import { describe, expect, it } from 'vitest';
import { LatestRead } from '../../renderer/src/data/latest-read.js';

describe('reads answered out of order', () => {
  it('puts only the newest asked in place, whichever answers first', () => {
    const reads = new LatestRead();
    const older = reads.begin();
    const newer = reads.begin();
    expect(reads.isNewest(newer)).toBe(true);
    expect(reads.isNewest(older)).toBe(false);
  });

  it('drops a read asked before a write (a switch flipped, a setting saved)', () => {
    const reads = new LatestRead();
    const before = reads.begin();
    reads.begin();
    expect(reads.isNewest(before)).toBe(false);
    const after = reads.begin();
    expect(reads.isNewest(after)).toBe(true);
  });
});
