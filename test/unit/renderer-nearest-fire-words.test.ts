import { describe, expect, it } from 'vitest';
import { nearestFireWords } from '../../renderer/src/data/nearest-fire-words.js';
import { DEFAULT_FILTER } from '../../renderer/src/data/view-filter.js';

// The map opens on the computer's region, which may have no fire today: the note says where the nearest one is.
describe('the note of a view without fire detections', () => {
  const zaragoza = { latitude: 41.65, longitude: -0.88, acqTime: '2026-11-30T22:14:00.000Z', distanceKm: 1617.7, bearingDeg: 231 };

  it('says where the nearest is, how far and when, in the words of the window', () => {
    expect(nearestFireWords(zaragoza, DEFAULT_FILTER)).toBe('No fire detections in view in the last 24 h. The nearest: 1,618 km (1,005 mi) south-west, 30 Nov 22:14 UTC.');
    expect(nearestFireWords(zaragoza, { ...DEFAULT_FILTER, window: '7d' })).toMatch(/^No fire detections in view in the last 7 days\./);
    expect(nearestFireWords(zaragoza, { ...DEFAULT_FILTER, window: 'custom', from: Date.parse('2026-11-29T00:00Z'), to: Date.parse('2026-11-30T00:00Z') })).toMatch(
      /^No fire detections in view in the chosen window\./,
    );
  });

  it('says when the filters narrow the fires, and when there are none anywhere', () => {
    expect(nearestFireWords(zaragoza, { ...DEFAULT_FILTER, minFrp: 20 })).toMatch(/^No fire detections in view pass the filters in the last 24 h\. The nearest/);
    expect(nearestFireWords(null, DEFAULT_FILTER)).toBe('No fire detections in the last 24 h, in view or anywhere else.');
    expect(nearestFireWords(null, { ...DEFAULT_FILTER, satellites: ['N20'] })).toBe('No fire detections pass the filters in the last 24 h, in view or anywhere else.');
  });
});
