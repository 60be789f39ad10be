// One task at a time, spaced after each by a timer: a wall clock set back does not hold the next task for the step.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpacedSlot } from '../../server/http/spaced-slot.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SpacedSlot', () => {
  it('runs one task at a time, the next starting a spacing after the one before ended', async () => {
    const slot = new SpacedSlot(60);
    const spans: Array<{ start: number; end: number }> = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        slot.run(async () => {
          const start = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 20));
          spans.push({ start, end: performance.now() });
        }),
      ),
    );
    for (let index = 1; index < spans.length; index += 1) expect(spans[index]!.start - spans[index - 1]!.end).toBeGreaterThanOrEqual(59);
  });

  it("answers as soon as the task ends, and passes the task's error on", async () => {
    const slot = new SpacedSlot(5_000);
    const started = performance.now();
    expect(await slot.run(async () => 'answer')).toBe('answer');
    expect(performance.now() - started).toBeLessThan(1_000);
    const failing = new SpacedSlot(0);
    await expect(failing.run(async () => Promise.reject(new Error('provider said no')))).rejects.toThrow('provider said no');
  });

  it("starts the next task after the spacing when the computer's clock is set back meanwhile", async () => {
    const slot = new SpacedSlot(50);
    await slot.run(async () => undefined);
    // A clock set back an hour just after the first request: bottleneck's next request waited out the hour.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 3_600_000);
    const asked = performance.now();
    await slot.run(async () => undefined);
    expect(performance.now() - asked).toBeLessThan(2_000);
  });

  it('tells when the last task asked for is through its spacing, and drops waiting tasks when cleared', async () => {
    const idle = vi.fn();
    const slot = new SpacedSlot(30, idle);
    const first = slot.run(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const waiting = slot.run(async () => 'never');
    slot.clear();
    await expect(waiting).rejects.toThrow();
    await first;
    expect(idle).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(idle).toHaveBeenCalledTimes(1));
  });
});
