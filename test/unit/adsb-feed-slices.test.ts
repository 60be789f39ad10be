import { describe, expect, it } from 'vitest';
import { parseAdsbFeed, parseAdsbFeedInSlices } from '../../server/aircraft/adsb-feed.js';
import { forEachInSlices } from '../../server/time-sliced.js';

const answer = (count: number) => ({
  now: 1_763_640_000_123,
  ac: Array.from({ length: count }, (_, index) =>
    index % 97 === 0
      ? { hex: (0x200000 + index).toString(16), t: 'B738' } // no position: counted, not kept
      : { hex: (0x200000 + index).toString(16), flight: `F${index}`, t: 'CL4T', lat: (index % 170) - 85, lon: (index % 350) - 175, alt_baro: 1_000 + index, seen_pos: 1 },
  ),
});

describe('reading a large ADS-B answer a slice at a time', () => {
  it('answers exactly what the one-go reading answers', async () => {
    const body = answer(5_000);
    expect(await parseAdsbFeedInSlices(body)).toEqual(parseAdsbFeed(body));
  });

  it('leaves the event loop turns while it works', async () => {
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    let spins = 0;
    // Each item takes about a millisecond: 200 of them cannot pass without the ticker getting turns.
    await forEachInSlices(Array.from({ length: 200 }), () => {
      const until = performance.now() + 1;
      while (performance.now() < until) spins += 1;
    });
    clearInterval(ticker);
    expect(spins).toBeGreaterThan(0);
    expect(turns).toBeGreaterThan(5);
  });
});
