import { describe, expect, it } from 'vitest';
import { countsBehindCursor, fireCounterLabels, spanWords } from '../../renderer/src/data/fire-counter-labels.js';
import { DEFAULT_FILTER } from '../../renderer/src/data/view-filter.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;

describe("the HUD's fire counter labels", () => {
  it('name the window live, as the Layers tab does', () => {
    expect(fireCounterLabels(DEFAULT_FILTER, null, NOW)).toEqual({ window: 'last 24 h', lastHour: 'Last 1 h' });
    expect(fireCounterLabels({ ...DEFAULT_FILTER, window: '7d' }, null, NOW).window).toBe('last 7 days');
  });

  it('name a chosen window by its span (its ends are spelled out beside the counters), up to now', () => {
    const chosen = { ...DEFAULT_FILTER, window: 'custom' as const, from: NOW - 30 * HOUR, to: NOW - 6 * HOUR };
    expect(fireCounterLabels(chosen, null, NOW).window).toBe('chosen 24 h');
    // A window running on past now counts up to now, and says so beside its ends, which name the whole of it.
    expect(fireCounterLabels({ ...chosen, to: NOW + 5 * HOUR }, null, NOW).window).toBe('chosen 30 h so far');
    // Without both ends the custom window is the default day.
    expect(fireCounterLabels({ ...chosen, to: null }, null, NOW).window).toBe('last 24 h');
  });

  it("name the window ending at the playback cursor's minute, in UTC", () => {
    const minute = Date.parse('2026-11-23T21:33:00Z');
    // The window's end with its day (in California that minute is the evening before); the last hour's beside it without.
    expect(fireCounterLabels(DEFAULT_FILTER, minute, NOW)).toEqual({ window: '24 h to 23 Nov 21:33 UTC', lastHour: '1 h to 21:33 UTC' });
    expect(fireCounterLabels({ ...DEFAULT_FILTER, window: '7d' }, minute, NOW).window).toBe('7 days to 23 Nov 21:33 UTC');
    const chosen = { ...DEFAULT_FILTER, window: 'custom' as const, from: NOW - 90 * 60_000, to: NOW };
    expect(fireCounterLabels(chosen, minute, NOW).window).toBe('1.5 h to 23 Nov 21:33 UTC');
  });

  it('have no last hour when none is counted, so the HUD lays that counter out (or not) before the first count', () => {
    // A chosen window that ended an hour ago has no last hour; one running to now has.
    const past = { ...DEFAULT_FILTER, window: 'custom' as const, from: NOW - 31 * HOUR, to: NOW - HOUR };
    expect(fireCounterLabels(past, null, NOW).lastHour).toBeNull();
    expect(fireCounterLabels({ ...past, to: null }, null, NOW).lastHour).toBe('Last 1 h');
    // A window of an hour is its last hour, live and in playback.
    const hour = { ...DEFAULT_FILTER, window: '1h' as const };
    expect(fireCounterLabels(hour, null, NOW).lastHour).toBeNull();
    const minute = Date.parse('2026-11-23T21:33:00Z');
    expect(fireCounterLabels(hour, minute, NOW)).toEqual({ window: '1 h to 23 Nov 21:33 UTC', lastHour: null });
    // In playback a past chosen window of 30 h ends at the cursor, and counts its last hour there.
    expect(fireCounterLabels(past, minute, NOW).lastHour).toBe('1 h to 21:33 UTC');
  });

  it('say a span in the fewest words', () => {
    expect(spanWords(45 * 60_000)).toBe('45 min');
    expect(spanWords(HOUR)).toBe('1 h');
    expect(spanWords(72 * HOUR)).toBe('72 h');
    expect(spanWords(96 * HOUR)).toBe('4 days');
    expect(spanWords(100 * HOUR)).toBe('100 h');
  });
});

describe('fire counts behind the playback cursor', () => {
  const minute = (iso: string) => Date.parse(iso);
  it('are behind when their minute is more than ten minutes from the cursor\'s, and only in playback', () => {
    // Playing at 1 h/s: the count of 11:55 lands when the cursor reads 13:27.
    expect(countsBehindCursor(minute('2026-11-27T13:27:00Z'), minute('2026-11-27T11:55:00Z'))).toBe(true);
    // A step or two behind at 10 min/s, or caught up: not dimmed (it would flicker).
    expect(countsBehindCursor(minute('2026-11-27T13:27:00Z'), minute('2026-11-27T13:20:00Z'))).toBe(false);
    expect(countsBehindCursor(minute('2026-11-27T13:27:00Z'), minute('2026-11-27T13:27:00Z'))).toBe(false);
    // Live, or no playback count yet.
    expect(countsBehindCursor(null, null)).toBe(false);
    expect(countsBehindCursor(minute('2026-11-27T13:27:00Z'), null)).toBe(false);
  });
});
