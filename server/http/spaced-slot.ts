// One request at a time to a provider or host, each holding the slot for a spacing after it ends, so the gap holds on
// the wire (a slow connect would otherwise bunch two requests together). The spacing is a timer, never a difference of
// wall-clock readings: bottleneck, used before, measured it with Date.now, and a clock set back (NTP correcting a wrong
// clock, a time zone's worth on a computer that keeps local time in its hardware clock) made the next request wait
// the length of the step: 2,983 ms after a 3 s step, and aircraft polling stopped for hours after a larger one.
import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';

export class SpacedSlot {
  private readonly limit: LimitFunction;
  // Tasks asked for and not yet through their spacing.
  private held = 0;

  /** `onIdle`: called when the last task asked for is through its spacing (a keeper of many slots drops it). */
  constructor(
    private readonly spacingMs: number,
    private readonly onIdle?: () => void,
  ) {
    this.limit = pLimit({ concurrency: 1, rejectOnClear: true });
  }

  /** Runs `task` when the slot is free; answers as soon as it ends, and keeps the slot for the spacing after. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.held += 1;
    return new Promise<T>((resolve, reject) => {
      this.limit(async () => {
        try {
          resolve(await task());
        } catch (error) {
          reject(error as Error);
        }
        await sleep(this.spacingMs);
      })
        .catch(reject)
        .finally(() => {
          this.held -= 1;
          if (this.held === 0) this.onIdle?.();
        });
    });
  }

  /** Drops the tasks still waiting (each is rejected); the one running goes on. */
  clear(): void {
    this.limit.clearQueue();
  }
}
