import { describe, expect, it } from 'vitest';
import { dayMonthMinute, formatShortUtc, formatUtc, isUtcZone } from '../../renderer/src/format/time-format.js';

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

  it('writes the wall clock day first, as the UTC time beside it, in the own clock of the locale', () => {
    const options = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } as const;
    const date = new Date('2026-11-27T00:17:00Z');
    expect(dayMonthMinute(new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'America/Los_Angeles' }), date)).toBe('26 Nov 04:17 PM PST');
    expect(dayMonthMinute(new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' }), date)).toBe('27 Nov 00:17 GMT');
    expect(dayMonthMinute(new Intl.DateTimeFormat('de-DE', { ...options, timeZone: 'Europe/Berlin' }), date)).toBe('27 Nov. 01:17 MEZ');
    // A month written as a number keeps the locale's own words and order ("27 11" would be a guess again).
    const japan = new Intl.DateTimeFormat('ja-JP', { ...options, timeZone: 'Asia/Tokyo' });
    expect(dayMonthMinute(japan, date)).toBe(japan.format(date));
    expect(dayMonthMinute(japan, date)).toContain('11月27日');
  });

  it('writes a day alone day first, for the axis label at midnight', () => {
    const date = new Date('2026-11-27T08:00:00Z');
    expect(dayMonthMinute(new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'America/Los_Angeles' }), date)).toBe('27 Nov');
    expect(dayMonthMinute(new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', timeZone: 'UTC' }), date)).toBe('27 Nov');
  });
});
