import { describe, expect, it } from 'vitest';
import { minuteHoverWords, timelineTotalWords, totalsBySource } from '../../renderer/src/data/timeline-total-words.js';

// The timeline's total says what it counts: fires beside the Layers tab's News & events row (cameras and news) read as
// "1,867 events" there, against "Events 0".
describe("the timeline's total in words", () => {
  const from = Date.parse('2026-11-30T01:00:00Z');

  it('sums each source over the range and leaves out minutes outside it', () => {
    const buckets = [
      { minute: '2026-11-30T01:00:00.000Z', source: 'fire' as const, count: 1_200 },
      { minute: '2026-11-30T06:59:00.000Z', source: 'fire' as const, count: 650 },
      { minute: '2026-11-30T03:10:00.000Z', source: 'news' as const, count: 17 },
      { minute: '2026-11-30T07:00:00.000Z', source: 'camera' as const, count: 5 },
      { minute: '2026-11-30T00:59:00.000Z', source: 'fire' as const, count: 9 },
    ];
    expect(totalsBySource(buckets, from, 360)).toEqual({ fire: 1_850, news: 17 });
  });

  it('names each kind with its count, in the singular for one, and says when nothing was recorded', () => {
    expect(timelineTotalWords({ fire: 1_850, news: 17 }, 6, false)).toBe('1,850 fire detections and 17 news stories in 6 h in view');
    expect(timelineTotalWords({ fire: 1, news: 1, camera: 1 }, 24, false)).toBe('1 fire detection, 1 news story, and 1 camera in 24 h in view');
    expect(timelineTotalWords({ fire: 3 }, 1, true)).toBe('3 fire detections in 1 h in view · fires filtered');
    expect(timelineTotalWords({}, 6, false)).toBe('No fire detections or news in 6 h in view');
    expect(timelineTotalWords({ fire: 2 }, 168, false)).toBe('2 fire detections in 7 days in view');
    expect(timelineTotalWords({ fire: 0 }, 6, true)).toBe('No fire detections or news in 6 h in view · fires filtered');
    expect(timelineTotalWords({ fire: 4 }, 1, false, 'last 24 h')).toBe('4 fire detections in 1 h in view · the map shows the last 24 h');
  });

  it('says what one minute under the pointer holds', () => {
    const buckets = [
      { minute: '2026-11-30T03:10:00.000Z', source: 'fire' as const, count: 3 },
      { minute: '2026-11-30T03:10:00.000Z', source: 'news' as const, count: 1 },
      { minute: '2026-11-30T03:11:00.000Z', source: 'news' as const, count: 4 },
    ];
    expect(minuteHoverWords('03:10 UTC', totalsBySource(buckets, Date.parse('2026-11-30T03:10:00Z'), 1))).toBe('03:10 UTC: 3 fire detections and 1 news story');
    expect(minuteHoverWords('03:12 UTC', totalsBySource(buckets, Date.parse('2026-11-30T03:12:00Z'), 1))).toBe('03:12 UTC: no fire detections or news');
  });
});
