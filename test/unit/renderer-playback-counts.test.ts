import { describe, expect, it } from 'vitest';
import { withFires } from '../../renderer/src/data/playback-counts.js';
import { DEFAULT_FILTER, fireNarrowing, narrowsFires } from '../../renderer/src/data/view-filter.js';

describe('the timeline\'s counts with the fires under the filter', () => {
  it('the fires\' narrowing is the filter less its time window: none by default, and none for the aircraft\'s own', () => {
    expect(fireNarrowing(DEFAULT_FILTER)).toEqual({});
    expect(fireNarrowing({ ...DEFAULT_FILTER, window: '72h', firefightingOnly: true })).toEqual({});
    const narrowed = { ...DEFAULT_FILTER, window: '6h' as const, confidence: ['high' as const], minFrp: 30, geofenceId: '7', dayNight: 'night' as const };
    expect(fireNarrowing(narrowed)).toEqual({ confidence: 'high', minFrp: '30', geofence: '7', dayNight: 'night' });
    // The bar says "fires filtered" exactly when there is a narrowing to send.
    for (const filter of [DEFAULT_FILTER, narrowed, { ...DEFAULT_FILTER, satellites: ['N' as const] }]) {
      expect(narrowsFires(filter)).toBe(Object.keys(fireNarrowing(filter)).length > 0);
    }
  });

  it('adds the filtered fires to the other sources\' minutes and sums their cells', () => {
    const cell = (id: number, count: number) => ({ cell: id, bbox: [0, 0, 1, 1] as [number, number, number, number], count });
    const merged = withFires(
      {
        from: '2026-11-28T00:00:00.000Z',
        to: '2026-11-28T01:00:00.000Z',
        buckets: [
          { minute: '2026-11-28T00:05:00.000Z', source: 'news', count: 2 },
          { minute: '2026-11-28T00:01:00.000Z', source: 'camera', count: 1 },
        ],
        cells: [cell(10, 2), cell(40, 1)],
      },
      {
        since: '2026-11-28T00:00:00.000Z',
        until: '2026-11-28T01:00:00.000Z',
        buckets: [{ minute: '2026-11-28T00:05:00.000Z', count: 4 }],
        cells: [cell(10, 3), cell(20, 1)],
      },
    );
    expect(merged.buckets).toEqual([
      { minute: '2026-11-28T00:01:00.000Z', source: 'camera', count: 1 },
      { minute: '2026-11-28T00:05:00.000Z', source: 'fire', count: 4 },
      { minute: '2026-11-28T00:05:00.000Z', source: 'news', count: 2 },
    ]);
    expect(merged.cells).toEqual([cell(10, 5), cell(20, 1), cell(40, 1)]);
  });
});
