import { describe, expect, it } from 'vitest';
import { countsPerBar, EVENT_LANE_SHARE, histogramPaths, minuteCountsByBand, minutesPerBar } from '../../renderer/src/data/playback-histogram.js';

// The bars of a path "M x,bottom h w v -height h -w Z", read back as numbers.
function bars(path: string): Array<{ x: number; bottom: number; height: number }> {
  return [...path.matchAll(/M([\d.]+),([\d.]+)h[\d.]+v-([\d.]+)h-[\d.]+Z/g)].map((match) => ({ x: Number(match[1]), bottom: Number(match[2]), height: Number(match[3]) }));
}

describe("the timeline's strip", () => {
  const from = Date.parse('2026-11-30T01:00:00Z');
  const at = (minute: number) => new Date(from + minute * 60_000).toISOString();

  it('counts each minute by band: fires, news stories, the other placed events; minutes outside the range left out', () => {
    const counts = minuteCountsByBand(
      [
        { minute: at(0), source: 'fire', count: 500 },
        { minute: at(0), source: 'news', count: 1 },
        { minute: at(2), source: 'camera', count: 2 },
        { minute: at(2), source: 'alert', count: 1 },
        { minute: at(3), source: 'news', count: 3 },
        { minute: at(4), source: 'fire', count: 9 },
        { minute: at(-1), source: 'fire', count: 7 },
      ],
      from,
      4,
    );
    expect(counts).toEqual({ fire: [500, 0, 0, 0], news: [1, 0, 0, 3], other: [0, 0, 3, 0] });
  });

  it("draws a minute's one news story as plainly as a minute's hundreds of fires: each on its own scale, news in a lane at the foot", () => {
    const paths = histogramPaths({ fire: [500, 5, 0, 0], news: [1, 0, 0, 3], other: [0, 0, 3, 0] }, 400, 40);
    const lane = 40 * EVENT_LANE_SHARE;
    const fires = bars(paths.fire);
    expect(fires.map((bar) => bar.x)).toEqual([0, 100]);
    // The fires stand on the lane, the busiest minute filling the room above it; a quiet one on a square-root scale.
    expect(fires.every((bar) => bar.bottom < 40 - lane)).toBe(true);
    expect(fires[0]!.height).toBeCloseTo(fires[0]!.bottom, 1);
    expect(fires[1]!.height).toBeCloseTo(Math.sqrt(5 / 500) * fires[1]!.bottom, 1);
    // The one story beside 500 fires: a third of the lane's busiest (3), not a 500th of the fires'.
    const news = bars(paths.news);
    expect(news.map((bar) => [bar.x, bar.bottom])).toEqual([[0, 40], [300, 40]]);
    expect(news[0]!.height).toBeCloseTo(Math.sqrt(1 / 3) * lane, 1);
    expect(news[1]!.height).toBeCloseTo(lane, 1);
    expect(bars(paths.other)).toEqual([{ x: 200, bottom: 40, height: expect.closeTo(lane, 1) }]);
  });

  it('gives the fires the whole height when no event was recorded, and draws nothing for an empty range', () => {
    const paths = histogramPaths({ fire: [4, 0], news: [0, 0], other: [0, 0] }, 100, 40);
    expect(bars(paths.fire)).toEqual([{ x: 0, bottom: 40, height: 40 }]);
    expect([paths.news, paths.other]).toEqual(['', '']);
    expect(histogramPaths({ fire: [0, 0], news: [0, 0], other: [0, 0] }, 100, 40)).toEqual({ fire: '', news: '', other: '' });
  });

  it('stacks a minute of both kinds of events: its news stories at the foot, the others above them', () => {
    const paths = histogramPaths({ fire: [0], news: [1], other: [1] }, 10, 40);
    const [news] = bars(paths.news);
    const [other] = bars(paths.other);
    expect(news!.height).toBeCloseTo(40 * EVENT_LANE_SHARE / 2, 1);
    expect(other!.bottom).toBeCloseTo(40 - news!.height, 1);
  });

  it('draws a bar a minute up to 24 h, and over longer ranges bars of a few minutes each, their counts summed', () => {
    expect([60, 360, 1440].map(minutesPerBar)).toEqual([1, 1, 1]);
    expect(minutesPerBar(72 * 60)).toBe(3);
    expect(minutesPerBar(168 * 60)).toBe(7);
    const week = minuteCountsByBand([
      { minute: at(0), source: 'fire', count: 2 },
      { minute: at(6), source: 'fire', count: 3 },
      { minute: at(7), source: 'news', count: 1 },
      { minute: at(168 * 60 - 1), source: 'alert', count: 4 },
    ], from, 168 * 60);
    const perBar = countsPerBar(week, 7);
    expect(perBar.fire).toHaveLength(1440);
    expect(perBar.fire.slice(0, 2)).toEqual([5, 0]);
    expect(perBar.news.slice(0, 2)).toEqual([0, 1]);
    expect(perBar.other[1439]).toBe(4);
    // Nothing lost or counted twice.
    expect(perBar.fire.reduce((sum, count) => sum + count, 0)).toBe(5);
    // Drawn a bar each: the news story's second bar where a day's strip puts its second minute.
    const paths = histogramPaths(perBar, 1000, 40);
    expect(bars(paths.fire).map((bar) => bar.x)).toEqual([0]);
    expect(bars(paths.news).map((bar) => bar.x)).toEqual([0.69]);
    expect(countsPerBar(week, 1)).toBe(week);
  });
});
