import { describe, expect, it } from 'vitest';
import { diskLine, lowDiskWarning, sizeWords } from '../../renderer/src/ui/hud/disk-words.js';

const GB = 1024 ** 3;

describe('the data folder’s disk in words', () => {
  it('says sizes in the fewest words, never rounding free space up', () => {
    expect(sizeWords(812 * 1024 ** 2)).toBe('812 MB');
    expect(sizeWords(1.29 * GB)).toBe('1.2 GB');
    expect(sizeWords(48.9 * GB)).toBe('48 GB');
    expect(diskLine({ freeBytes: 0.5 * GB, totalBytes: 256 * GB, low: true, lowBelowBytes: GB })).toBe('512 MB free of 256 GB');
  });

  it('warns only when the disk is low, saying what follows and what to do', () => {
    expect(lowDiskWarning(null)).toBeNull();
    expect(lowDiskWarning(undefined)).toBeNull();
    expect(lowDiskWarning({ freeBytes: 40 * GB, totalBytes: 256 * GB, low: false, lowBelowBytes: GB })).toBeNull();
    const warning = lowDiskWarning({ freeBytes: 0.5 * GB, totalBytes: 256 * GB, low: true, lowBelowBytes: GB });
    expect(warning?.short).toBe('Disk nearly full: 512 MB free');
    expect(warning?.long).toMatch(/512 MB free of 256 GB\. When it is full nothing new is stored: free space on it, or lower RETENTION_DAYS\./);
  });
});
