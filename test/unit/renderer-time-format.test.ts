import { describe, expect, it } from 'vitest';
import { formatShortUtc, formatUtc, isUtcZone } from '../../renderer/src/format/time-format.js';

describe('times as the analyst reads them', () => {
  it('knows UTC under its aliases, and not a zone that is at UTC only in winter', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu', 'Etc/GMT-0']) expect(isUtcZone(zone), zone).toBe(true);
    for (const zone of ['Europe/London', 'Africa/Abidjan', 'Atlantic/Reykjavik', 'America/Los_Angeles', 'Etc/GMT+1']) expect(isUtcZone(zone), zone).toBe(false);
  });

  it('writes an instant in UTC in full, and short without the year', () => {
    const date = new Date('2026-11-26T01:05:40Z');
    // The month by name: no day/month order to guess.
    expect(formatUtc(date)).toBe('26 Nov 2026 01:05 UTC');
    expect(formatUtc(new Date('2025-01-11T00:06:00Z'))).toBe('11 Jan 2025 00:06 UTC');
    expect(formatShortUtc(date)).toBe('26 Nov 01:05 UTC');
  });
});
