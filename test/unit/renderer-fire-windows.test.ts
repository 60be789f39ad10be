// The HUD's fire counts under the filter, the live-fire age limit and the playback cursor across range changes.
import { describe, expect, it } from 'vitest';
import { countsLastHour, withLiveFire } from '../../renderer/src/data/fire-windows.js';
import { isFireRecent, withoutAgedFires } from '../../renderer/src/data/live-fire-age.js';
import { cursorForRange, rangeMovesCursor } from '../../renderer/src/data/playback-cursor.js';
import { DEFAULT_FILTER, liveFirePasses } from '../../renderer/src/data/view-filter.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('withLiveFire', () => {
  const counts = { inWindow: 10, lastHour: 3 };

  it('counts a fire acquired in the last hour in both', () => {
    expect(withLiveFire(counts, ago(20), DEFAULT_FILTER, NOW)).toEqual({ inWindow: 11, lastHour: 4 });
  });

  it('counts a fire acquired 2 h ago (delivered late) only in the window', () => {
    expect(withLiveFire(counts, ago(120), DEFAULT_FILTER, NOW)).toEqual({ inWindow: 11, lastHour: 3 });
  });

  it('counts a fire older than the window in neither, and follows a longer window', () => {
    expect(withLiveFire(counts, ago(25 * 60), DEFAULT_FILTER, NOW)).toEqual(counts);
    expect(withLiveFire(counts, ago(25 * 60), { ...DEFAULT_FILTER, window: '72h' }, NOW)).toEqual({ inWindow: 11, lastHour: 3 });
  });

  it('counts nothing past the end of a custom window, and has no last hour for one', () => {
    const custom = { ...DEFAULT_FILTER, window: 'custom' as const, from: NOW - 5 * 3_600_000, to: NOW - 3_600_000 };
    expect(countsLastHour(custom, NOW)).toBe(false);
    expect(countsLastHour({ ...DEFAULT_FILTER, window: '1h' }, NOW)).toBe(false);
    expect(countsLastHour(DEFAULT_FILTER, NOW)).toBe(true);
    expect(withLiveFire({ inWindow: 2, lastHour: null }, ago(20), custom, NOW)).toEqual({ inWindow: 2, lastHour: null });
    expect(withLiveFire({ inWindow: 2, lastHour: null }, ago(120), custom, NOW)).toEqual({ inWindow: 3, lastHour: null });
  });

  it('ignores an unreadable time', () => {
    expect(withLiveFire(counts, 'not a time', DEFAULT_FILTER, NOW)).toEqual(counts);
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
    // …and says when it did: the minute was further back than the new range reaches (the bar then says so).
    expect(rangeMovesCursor(299, 360, 60)).toBe(true);
    expect(rangeMovesCursor(300, 360, 60)).toBe(false);
    expect(rangeMovesCursor(350, 360, 60)).toBe(false);
    expect(rangeMovesCursor(null, 360, 60)).toBe(false);
    expect(rangeMovesCursor(0, 60, 1440)).toBe(false);
    expect(cursorForRange(0, 360, 60)).toBe(0);
    expect(cursorForRange(359, 360, 60)).toBe(59);
  });

  it('keeps the minute when the range grows', () => {
    expect(cursorForRange(30, 60, 1440)).toBe(1410);
  });
});

describe('liveFirePasses', () => {
  it('reads VIIRS letters and MODIS percentages into the same confidence classes', () => {
    const high = { ...DEFAULT_FILTER, confidence: ['high' as const] };
    expect(liveFirePasses(high, { confidence: 'h' })).toBe(true);
    expect(liveFirePasses(high, { confidence: '80' })).toBe(true);
    expect(liveFirePasses(high, { confidence: '79' })).toBe(false);
    expect(liveFirePasses({ ...DEFAULT_FILTER, confidence: ['low'] }, { confidence: '29' })).toBe(true);
    expect(liveFirePasses(high, { confidence: null })).toBe(false);
  });

  it('applies the FRP floor and the satellites, and waits for the server when a geofence is chosen', () => {
    expect(liveFirePasses({ ...DEFAULT_FILTER, minFrp: 10 }, { frp: 9.9 })).toBe(false);
    expect(liveFirePasses({ ...DEFAULT_FILTER, minFrp: 10 }, { frp: 10 })).toBe(true);
    expect(liveFirePasses({ ...DEFAULT_FILTER, satellites: ['N20'] }, { satellite: 'N' })).toBe(false);
    expect(liveFirePasses({ ...DEFAULT_FILTER, geofenceId: 'g' }, { confidence: 'h' })).toBe(false);
    expect(liveFirePasses(DEFAULT_FILTER, {})).toBe(true);
  });
});
