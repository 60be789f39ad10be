import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PacedRunner } from '../../renderer/src/data/paced-runner.js';

// The playback reads' pacing, on a fake clock: a cursor that moves every 100 ms, reads that take 400 ms.
describe('the paced runner of the playback reads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Work that takes `ms` and records when it began and ended, and whether it was aborted. */
  function recorder(ms: number) {
    const runs: Array<{ minute: number; began: number; ended?: number; aborted?: boolean }> = [];
    let running = 0;
    let mostAtOnce = 0;
    const work = (minute: number) => (signal: AbortSignal) => {
      const run: (typeof runs)[number] = { minute, began: Date.now() };
      runs.push(run);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          running -= 1;
          run.ended = Date.now();
          resolve();
        }, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          running -= 1;
          run.aborted = true;
          reject(new Error('aborted'));
        });
      });
    };
    return { runs, work, mostAtOnce: () => mostAtOnce };
  }

  it('lets each read land while the asks come faster than the reads, one at a time, always the newest', async () => {
    const runner = new PacedRunner(250, () => Date.now());
    const { runs, work, mostAtOnce } = recorder(400);
    for (let minute = 0; minute < 30; minute += 1) {
      runner.ask(work(minute));
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    // 3 s of asks: a read every 400 ms, none aborted, the minutes in order, the last one asked read at the end.
    expect(runs.length).toBeGreaterThanOrEqual(7);
    expect(runs.every((run) => run.ended !== undefined && !run.aborted)).toBe(true);
    expect(mostAtOnce()).toBe(1);
    const minutes = runs.map((run) => run.minute);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(minutes.at(-1)).toBe(29);
  });

  it('runs a lone ask at once, and the next no sooner than its interval after', async () => {
    const runner = new PacedRunner(250, () => Date.now());
    const { runs, work } = recorder(10);
    const start = Date.now();
    runner.ask(work(1));
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    runner.ask(work(2));
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(runs.map((run) => [run.minute, run.began - start])).toEqual([
      [1, 0],
      [2, 250],
    ]);
  });

  it('cancel aborts the read under way and drops the one waiting; a failed read does not stop the next', async () => {
    const runner = new PacedRunner(0, () => Date.now());
    const { runs, work } = recorder(400);
    runner.ask(work(1));
    runner.ask(work(2));
    runner.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((run) => [run.minute, run.aborted ?? false])).toEqual([[1, true]]);

    runner.ask(() => Promise.reject(new Error('the API answered 503')));
    runner.ask(work(3));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((run) => run.minute)).toEqual([1, 3]);
    runner.ask(() => {
      throw new Error('thrown before any promise');
    });
    await vi.advanceTimersByTimeAsync(10);
    runner.ask(work(4));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((run) => run.minute)).toEqual([1, 3, 4]);
    expect(runs[1]).toMatchObject({ ended: expect.any(Number) });
  });
});
