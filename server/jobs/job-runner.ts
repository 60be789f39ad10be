// Runs named jobs, on schedule or on demand, never two of the same at once (across processes too).
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { isUnreachable } from '../http/network-failure.js';
import { IDLE_PREFIX, UNREACHABLE_PREFIX } from '../pipelines/pipeline-freshness.js';
import { PIPELINES, type PipelineName } from '../pipelines/pipeline-registry.js';
import type { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { describeRejected, type RejectedRecords } from '../pipelines/rejection-tally.js';
import type { JobLockRepository } from './job-lock-repository.js';

export const JOB_NAMES = ['fires', 'incidents', 'aircraft', 'cameras', 'news', 'summaries', 'analyst', 'recap', 'partitions'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobDefinition {
  name: JobName;
  /** croner pattern; omitted = on demand only. */
  schedule?: string;
  /** Or: every this many seconds (croner's minimum interval between runs). */
  intervalSeconds?: number;
  timezone?: string;
  /**
   * At start: `true` runs it once whatever its data's age; `false` never. Unset: a scheduled job that carries its
   * pipeline's name (news, summaries) runs once when that pipeline never succeeded or its last success is older
   * than the expected interval. An interval job runs at its first tick anyway.
   */
  runAtStart?: boolean;
  /**
   * At start, its catch-up waits for this job's to end: the hourly summary and the first daily recap read the stories
   * of the news scrape started 5 s before them (a recap of its first 7 stories of 36 stayed pinned until the next
   * evening).
   */
  after?: JobName;
  /** Health entry that this job's outcome updates. */
  pipeline?: PipelineName;
  /**
   * A result with `idle: reason` means there was nothing it could do; health shows the reason.
   * `rejected`: the records of the source's answer it skipped, by reason; health counts them and keeps the reasons.
   * A source whose answer yields nothing usable throws (UnusableAnswerError carries what was skipped): a failed run.
   */
  run(): Promise<Record<string, unknown> & { idle?: string; rejected?: RejectedRecords }>;
}

/** A source answered, but nothing in it could be used: the run fails with the reasons, and the skips are counted. */
export class UnusableAnswerError extends Error {
  override name = 'UnusableAnswerError';
  constructor(
    message: string,
    readonly rejected: RejectedRecords,
  ) {
    super(message);
  }
}

export type JobOutcome =
  | { status: 'done'; result: Record<string, unknown>; durationMs: number }
  | { status: 'failed'; message: string; durationMs: number }
  | { status: 'busy' };

export interface JobRunnerOptions {
  /** Catch-up runs at start begin this long after the schedules start, ... */
  startDelayMs?: number;
  /** ... and follow each other this far apart, so they don't all hit at once. */
  startStaggerMs?: number;
  now?: () => Date;
}

export class JobRunner {
  private readonly jobs = new Map<JobName, JobDefinition>();
  private readonly crons: Cron[] = [];
  private readonly startTimers: NodeJS.Timeout[] = [];
  /** Each catch-up at start, settled once it has run or found nothing to do (or the schedules stopped first). */
  private readonly catchUps = new Map<JobName, Promise<void>>();
  private readonly cancelCatchUps: Array<() => void> = [];
  /** The run of each job going on in this process. */
  private readonly inFlight = new Map<JobName, Promise<JobOutcome>>();
  private closed = false;

  constructor(
    private readonly locks: JobLockRepository,
    private readonly pipelines: PipelineStatusRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions = {},
  ) {}

  register(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job);
  }

  has(name: string): name is JobName {
    return this.jobs.has(name as JobName);
  }

  names(): JobName[] {
    return [...this.jobs.keys()];
  }

  async run(name: JobName): Promise<JobOutcome> {
    const running = this.runOnce(name);
    // The first of overlapping runs is the one that does the work (the next finds the lock taken and ends).
    if (!this.inFlight.has(name)) this.inFlight.set(name, running);
    try {
      return await running;
    } finally {
      if (this.inFlight.get(name) === running) this.inFlight.delete(name);
    }
  }

  private async runOnce(name: JobName): Promise<JobOutcome> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const started = Date.now();
    const outcome = await this.locks.withLock(name, async (): Promise<JobOutcome> => {
      try {
        const result = await job.run();
        if (job.pipeline) {
          if (result.idle) await this.pipelines.recordFailure(job.pipeline, `${IDLE_PREFIX}${result.idle}`);
          else await this.pipelines.recordSuccess(job.pipeline);
          await this.recordRejected(job.pipeline, result.rejected);
        }
        this.log.info({ job: name, ms: Date.now() - started, result }, 'job finished');
        return { status: 'done', result, durationMs: Date.now() - started };
      } catch (error) {
        const message = (error as Error).message;
        const unreachable = isUnreachable(error);
        if (job.pipeline) {
          // A source none of whose requests reached its host is recorded so: health tells it from a bad answer.
          const recorded = unreachable ? `${UNREACHABLE_PREFIX}${message}` : message;
          await this.pipelines.recordFailure(job.pipeline, recorded).catch(() => undefined);
          if (error instanceof UnusableAnswerError) await this.recordRejected(job.pipeline, error.rejected).catch(() => undefined);
        }
        // Offline, every run of every source fails so: a line of warning each, not an error with its stack.
        if (unreachable) this.log.warn({ job: name, reason: message }, 'source out of reach');
        else this.log.error({ job: name, err: error }, 'job failed');
        return { status: 'failed', message, durationMs: Date.now() - started };
      }
    });
    return outcome.acquired ? outcome.value : { status: 'busy' };
  }

  private async recordRejected(pipeline: PipelineName, rejected: RejectedRecords | undefined): Promise<void> {
    if (!rejected || rejected.count === 0) return;
    await this.pipelines.addRejected(pipeline, rejected.count, describeRejected(rejected));
  }

  /** Starts the schedules; call after the HTTP server listens. */
  startSchedules(): void {
    for (const job of this.jobs.values()) {
      if (job.schedule) {
        this.crons.push(
          new Cron(job.schedule, { timezone: job.timezone ?? 'UTC', protect: true, name: job.name }, () => this.runQuietly(job.name)),
        );
      } else if (job.intervalSeconds) {
        this.crons.push(
          new Cron('* * * * * *', { interval: job.intervalSeconds, protect: true, name: job.name }, () => this.runQuietly(job.name)),
        );
      }
      if (job.runAtStart) void this.runQuietly(job.name);
    }
    this.scheduleCatchUp();
  }

  /** Jobs that run at start when their pipeline's data is missing or older than its interval. */
  catchUpCandidates(): JobDefinition[] {
    return [...this.jobs.values()].filter(
      (job) => job.runAtStart === undefined && job.schedule !== undefined && job.pipeline !== undefined && job.pipeline === job.name,
    );
  }

  /** In the background, staggered; each checks its pipeline just before running, so a run elsewhere meanwhile counts. */
  private scheduleCatchUp(): void {
    const delay = this.options.startDelayMs ?? 2_000;
    const stagger = this.options.startStaggerMs ?? 5_000;
    this.catchUpCandidates().forEach((job, index) => {
      let settle = () => {};
      this.catchUps.set(job.name, new Promise<void>((resolve) => (settle = resolve)));
      const timer = setTimeout(() => void this.catchUp(job).finally(settle), delay + index * stagger);
      timer.unref();
      this.startTimers.push(timer);
      this.cancelCatchUps.push(settle);
    });
  }

  private async catchUp(job: JobDefinition): Promise<void> {
    if (job.after) {
      await this.catchUps.get(job.after);
      // Its catch-up may have found a run going on here (a scheduled tick, Run now) and left it: that run too.
      await this.inFlight.get(job.after)?.catch(() => undefined);
    }
    if (this.closed || !job.pipeline) return;
    try {
      const row = (await this.pipelines.list()).find((candidate) => candidate.name === job.pipeline);
      const now = (this.options.now ?? (() => new Date()))().getTime();
      const expectedMs = PIPELINES[job.pipeline].expectedIntervalSeconds * 1000;
      const last = row?.lastSuccessAt ?? null;
      if (last && now - last.getTime() <= expectedMs) {
        this.log.debug({ job: job.name, lastSuccessAt: last }, 'data fresh; no run at start');
        return;
      }
      this.log.info({ job: job.name, lastSuccessAt: last }, last ? 'data older than its interval; running at start' : 'never succeeded; running at start');
    } catch (error) {
      this.log.error({ job: job.name, err: error }, 'could not read pipeline status at start');
      return;
    }
    await this.runQuietly(job.name);
  }

  stopSchedules(): void {
    this.closed = true;
    for (const cron of this.crons.splice(0)) cron.stop();
    for (const timer of this.startTimers.splice(0)) clearTimeout(timer);
    for (const settle of this.cancelCatchUps.splice(0)) settle();
  }

  private async runQuietly(name: JobName): Promise<void> {
    if (this.closed) return;
    try {
      const outcome = await this.run(name);
      if (outcome.status === 'busy') this.log.debug({ job: name }, 'job already running elsewhere; skipped');
    } catch (error) {
      this.log.error({ job: name, err: error }, 'scheduled job could not run');
    }
  }
}
