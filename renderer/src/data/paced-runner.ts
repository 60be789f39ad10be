// Runs the newest of a stream of asks, one at a time and at most once every `everyMs`. An ask made while a run is
// under way waits for it (a newer ask replaces the one waiting): a run slower than the asks still lands each time, so
// what it draws follows the asks as fast as it can be read. (Aborting the run under way at each ask, or waiting for
// the asks to pause, drew nothing while a timeline played.) Pure (no DOM): unit-tested from Node.

export type PacedWork = (signal: AbortSignal) => Promise<unknown>;

export class PacedRunner {
  private waiting: PacedWork | null = null;
  private running: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private scope = '';

  constructor(
    private readonly everyMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Runs `work` now if nothing runs and the last run began `everyMs` ago; else when that is so, unless asked again.
   * `scope`: what the reads are of besides what moves (a view, a filter): asked in another, the read under way is
   * aborted rather than let land late.
   */
  ask(work: PacedWork, scope = ''): void {
    if (scope !== this.scope) this.cancel();
    this.scope = scope;
    this.waiting = work;
    this.pump();
  }

  /** Drops what waits and aborts what runs. */
  cancel(): void {
    this.waiting = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running?.abort();
  }

  private pump(): void {
    if (this.running || this.timer !== null || !this.waiting) return;
    const wait = this.lastStart + this.everyMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    const work = this.waiting;
    this.waiting = null;
    const abort = new AbortController();
    this.running = abort;
    this.lastStart = this.now();
    const done = () => {
      if (this.running === abort) this.running = null;
      this.pump();
    };
    // A run's failure is its own to report: the next ask runs all the same (one that throws at once, too).
    let run: Promise<unknown>;
    try {
      run = work(abort.signal);
    } catch (error) {
      run = Promise.reject(error);
    }
    run.then(done, done);
  }
}
