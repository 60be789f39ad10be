import { describe, expect, it } from 'vitest';
import { formatTable } from '../bench/bench-figures.js';
import { benchFires } from '../bench/fires-bench.js';
import { benchIngest } from '../bench/ingest-bench.js';
import { benchLiveLatency } from '../bench/live-latency-bench.js';
import { benchStackStart } from '../bench/stack-start-bench.js';
import { benchUiReadyCase } from '../bench/ui-ready-bench-case.js';

// Proves the bench harness runs end to end at a small size; asserts nothing about speed.
describe('bench harness (reduced)', () => {
  it('measures start and memory figures with a same-run baseline and prints a table', async () => {
    const figures = await benchStackStart(1);
    expect(figures.map((figure) => figure.name)).toEqual([
      'first-run start to healthy',
      'warm start to healthy (vs PostgreSQL + NATS alone)',
      '  … warm start: PostgreSQL accepting (from start) (vs the whole)',
      '  … warm start: NATS ready (from start) (vs the whole)',
      '  … warm start: API process: code loaded (from its launch, meanwhile) (vs the whole)',
      '  … warm start: API process: migrations check (vs the whole)',
      '  … warm start: API process: app built (plugins, domains, bus) (vs the whole)',
      '  … warm start: API ready (from start) (vs the whole)',
      '  … warm start: API ready → health ok (vs the whole)',
      'idle memory, three processes (PSS)',
    ]);
    for (const figure of figures) {
      // Every part was measured (the API process's own account came from the log).
      expect(Number.isFinite(figure.value), figure.name).toBe(true);
      expect(figure.baseline).toBeGreaterThan(0);
      expect(figure.ratio).toBeCloseTo(figure.value / figure.baseline, 6);
    }
    expect(formatTable(figures).split('\n')).toHaveLength(figures.length + 2);
  }, 120_000);

  it('measures bus → stored throughput against a raw COPY', async () => {
    const [figure] = await benchIngest(2_000);
    expect(figure?.unit).toBe('events/s');
    expect(figure!.value).toBeGreaterThan(0);
    expect(figure!.baseline).toBeGreaterThan(0);
  }, 120_000);

  it('measures fire ingest, the fire list, tiles at z4 and z8, and a cached closed-hour tile with its 304, against their baselines', async () => {
    const figures = await benchFires({ ingestRows: 2_000, ingestRuns: 1, storedRows: 5_000, queries: 5 });
    expect(figures.map((figure) => figure.unit)).toEqual(['rows/s', 'ms', 'ms', 'ms', 'ms', 'ms', 's']);
    expect(figures.map((figure) => figure.name).join('\n')).toMatch(/z4.*\n.*z8.*\n.*cached.*\n.*304/);
    for (const figure of figures) {
      expect(figure.value).toBeGreaterThan(0);
      expect(figure.baseline).toBeGreaterThan(0);
    }
  }, 180_000);

  it('measures live delivery latency and counts deliveries outside a viewport', async () => {
    const figures = await benchLiveLatency({ clients: 10, rate: 200, seconds: 1 });
    expect(figures).toHaveLength(2);
    expect(figures[0]!.name).toMatch(/outside viewport 0\)/);
    expect(figures[1]!.samples).toBeGreaterThan(0);
  }, 120_000);

  it('measures the UI time to ready in Chromium with fires in view against an empty map, and the bundle sizes', async () => {
    const result = await benchUiReadyCase({ fires: 500, runs: 1 });
    expect(result.figures.map((figure) => figure.unit)).toEqual(['ms', 'ms']);
    for (const figure of result.figures) expect(figure.baseline).toBeGreaterThan(0);
    expect(result.renderedFires).toBeGreaterThan(0);
    expect(result.bundle.map((chunk) => chunk.kind)).toEqual(expect.arrayContaining(['app', 'maplibre']));
  }, 180_000);
});
