// The HUD's hour/day fire windows, the live-fire age limit and the playback cursor across range changes.
import { describe, expect, it } from 'vitest';
import { windowCountsFrom, withLiveFire } from '../../renderer/src/data/fire-windows.js';
import { isFireRecent, withoutAgedFires } from '../../renderer/src/data/live-fire-age.js';
import { cursorForRange } from '../../renderer/src/data/playback-cursor.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('withLiveFire', () => {
  const counts = { lastHour: 3, lastDay: 10 };

  it('counts a fire acquired in the last hour in both windows', () => {
    expect(withLiveFire(counts, ago(20), NOW)).toEqual({ lastHour: 4, lastDay: 11 });
  });

  it('counts a fire acquired 2 h ago (delivered late) only in the day window', () => {
    expect(withLiveFire(counts, ago(120), NOW)).toEqual({ lastHour: 3, lastDay: 11 });
  });

  it('counts a fire older than a day in neither', () => {
    expect(withLiveFire(counts, ago(25 * 60), NOW)).toEqual(counts);
  });

  it('ignores an unreadable time', () => {
    expect(withLiveFire(counts, 'not a time', NOW)).toEqual(counts);
  });
});

describe('windowCountsFrom', () => {
  it('sums minute buckets into the hour and the day ending now', () => {
    const buckets = [
      { minute: ago(5), count: 2 },
      { minute: ago(59), count: 1 },
      { minute: ago(61), count: 4 },
      { minute: ago(23 * 60), count: 8 },
      { minute: ago(24 * 60 + 5), count: 100 },
    ];
    expect(windowCountsFrom(buckets, NOW)).toEqual({ lastHour: 3, lastDay: 15 });
  });
});

describe('live fire age', () => {
  const feature = (minutesAgo: number) => ({ properties: { acqTime: Math.floor((NOW - minutesAgo * 60_000) / 1000) } });

  it('keeps fires of the last 24 h and drops older ones', () => {
    const fresh = feature(60);
    const old = feature(24 * 60 + 1);
    expect(isFireRecent(fresh.properties.acqTime, NOW)).toBe(true);
    expect(isFireRecent(old.properties.acqTime, NOW)).toBe(false);
    expect(withoutAgedFires([old, fresh], NOW)).toEqual([fresh]);
  });

  it('answers the same array when nothing aged out (no needless map update)', () => {
    const list = [feature(1), feature(2)];
    expect(withoutAgedFires(list, NOW)).toBe(list);
  });
});

describe('cursorForRange', () => {
  it('stays live when live', () => {
    expect(cursorForRange(null, 360, 60)).toBeNull();
  });

  it('keeps the same minute when it is inside the new range', () => {
    // 6 h range, cursor 10 minutes before the end → 1 h range, still 10 minutes before the end.
    expect(cursorForRange(350, 360, 60)).toBe(50);
  });

  it('clamps a minute before the new range to its start, never past its end', () => {
    expect(cursorForRange(300, 360, 60)).toBe(0);
    expect(cursorForRange(0, 360, 60)).toBe(0);
    expect(cursorForRange(359, 360, 60)).toBe(59);
  });

  it('keeps the minute when the range grows', () => {
    expect(cursorForRange(30, 60, 1440)).toBe(1410);
  });
});
