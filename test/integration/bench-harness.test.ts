import { describe, expect, it } from 'vitest';
import { formatTable } from '../bench/bench-figures.js';
import { benchStackStart } from '../bench/stack-start-bench.js';

// Proves the bench harness runs end to end at a small size; asserts nothing about speed.
describe('bench harness (reduced)', () => {
  it('measures start and memory figures with a same-run baseline and prints a table', async () => {
    const figures = await benchStackStart(1);
    expect(figures.map((figure) => figure.name)).toEqual([
      'first-run start to healthy',
      'warm start to healthy',
      'idle memory, three processes (PSS)',
    ]);
    for (const figure of figures) {
      expect(figure.value).toBeGreaterThan(0);
      expect(figure.baseline).toBeGreaterThan(0);
      expect(figure.ratio).toBeCloseTo(figure.value / figure.baseline, 6);
    }
    expect(formatTable(figures).split('\n')).toHaveLength(5);
  }, 120_000);
});
