import { describe, expect, it } from 'vitest';
import { MARKS_KEPT, markBoot } from '../../renderer/src/boot/timing-marks.js';
import { keepNewestFirst } from '../../renderer/src/data/newest-first.js';

describe('what the renderer keeps for as long as the map is open', () => {
  it('a live list: newest first, the oldest dropped past its cap', () => {
    const list = [3, 2, 1];
    keepNewestFirst(list, 4, 3);
    expect(list).toEqual([4, 3, 2]);
    for (let item = 5; item < 20_005; item += 1) keepNewestFirst(list, item, 3);
    expect(list).toEqual([20_004, 20_003, 20_002]);
  });

  it('the mark of each view read: at most MARKS_KEPT, the newest always there', () => {
    performance.clearMarks('vantage:data-loaded');
    const marks = () => performance.getEntriesByName('vantage:data-loaded', 'mark');
    for (let read = 0; read < 3 * MARKS_KEPT + 7; read += 1) markBoot('data-loaded');
    expect(marks().length).toBeGreaterThan(0);
    expect(marks().length).toBeLessThanOrEqual(MARKS_KEPT);
    const newest = marks().at(-1)?.startTime ?? 0;
    markBoot('data-loaded');
    expect(marks().at(-1)?.startTime ?? 0).toBeGreaterThanOrEqual(newest);
    expect(marks().length).toBeLessThanOrEqual(MARKS_KEPT);
    performance.clearMarks('vantage:data-loaded');
  });
});
