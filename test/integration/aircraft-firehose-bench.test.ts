import { describe, expect, it } from 'vitest';
import { benchAircraftFirehose } from '../bench/aircraft-firehose-bench.js';

// Proves the ADS-B firehose bench case runs end to end at a small size (more aircraft than one statement takes, so the
// statements run in batches; the case itself checks every report stored and every track point written); asserts nothing about speed.
describe('aircraft firehose bench case (reduced)', () => {
  it('polls 2,500 aircraft four times, writes their positions, pairs the firefighting ones, and reports its figures', async () => {
    const figures = await benchAircraftFirehose({ aircraft: 2_500, firefighting: 30 });
    expect(figures).toHaveLength(4);
    expect(figures[0]?.name).toMatch(/^ADS-B poll of 2,500 aircraft, first poll, all new \(pairs 30, alerts \d+\)/);
    expect(figures[2]?.name).toMatch(/next poll, all moved \(pairs 30,/);
    for (const figure of figures) {
      expect(figure.value).toBeGreaterThan(0);
      expect(figure.baseline).toBeGreaterThan(0);
      expect(figure.ratio).toBeCloseTo(figure.value / figure.baseline, 6);
    }
  }, 180_000);
});
