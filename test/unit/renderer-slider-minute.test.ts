import { describe, expect, it } from 'vitest';
import { minuteAtPointer } from '../../renderer/src/data/slider-minute.js';

describe('the minute under the pointer on the timeline strip', () => {
  const box = { left: 14, width: 1252 };

  it('is the minute whose bar is under the pointer, however narrow the bars', () => {
    // 24 h: bars of 0.87 px. Their middles, and just inside either edge.
    for (const minute of [0, 1, 14, 719, 720, 1300, 1425, 1438, 1439]) {
      const left = box.left + (minute / 1440) * box.width;
      const right = box.left + ((minute + 1) / 1440) * box.width;
      expect(minuteAtPointer((left + right) / 2, box, 1440)).toBe(minute);
      expect(minuteAtPointer(left + 0.01, box, 1440)).toBe(minute);
      expect(minuteAtPointer(right - 0.01, box, 1440)).toBe(minute);
    }
    // The last hour: bars of 21 px.
    expect(minuteAtPointer(box.left + 7.5 * (1252 / 60), box, 60)).toBe(7);
  });

  it('keeps a pointer past either end (a drag leaving the strip) on the first or last minute', () => {
    expect(minuteAtPointer(0, box, 1440)).toBe(0);
    expect(minuteAtPointer(box.left + box.width, box, 1440)).toBe(1439);
    expect(minuteAtPointer(5000, box, 60)).toBe(59);
  });
});
