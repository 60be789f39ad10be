import { describe, expect, it } from 'vitest';
import { staleDigestWords } from '../../renderer/src/data/digest-age.js';

const NOW = Date.parse('2026-11-30T20:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe("a brief slot's digest age", () => {
  it('says nothing while the digest is what its slot says, and its age once older', () => {
    expect(staleDigestWords('hourly', ago(55), NOW)).toBeNull();
    expect(staleDigestWords('hourly', ago(90), NOW)).toBeNull();
    // Written at 15:05, read at 20:00 under "Last hour".
    expect(staleDigestWords('hourly', ago(295), NOW)).toBe('written 5 h ago');
    expect(staleDigestWords('analyst', ago(30), NOW)).toBeNull();
    expect(staleDigestWords('analyst', ago(60), NOW)).toBe('written 60 min ago');
    expect(staleDigestWords('daily_recap', ago(20 * 60), NOW)).toBeNull();
    expect(staleDigestWords('daily_recap', ago(50 * 60), NOW)).toBe('written 2 d ago');
  });

  it('says nothing of a digest without a readable time', () => {
    expect(staleDigestWords('hourly', null, NOW)).toBeNull();
    expect(staleDigestWords('hourly', 'soon', NOW)).toBeNull();
  });
});
