// Re-pairs firefighting aircraft with fires and incidents after each update, and announces new pairs live.
import { JSONCodec, type NatsConnection } from 'nats';
import { LIVE_CORRELATIONS_SUBJECT } from '../live/live-subjects.js';
import type { JobDefinition } from '../jobs/job-runner.js';
import type { CorrelationRepository } from './correlation-repository.js';

const codec = JSONCodec();

export interface CorrelationSettings {
  /** Aircraft last seen longer ago than this are not paired (nor served). */
  aircraftMaxAgeSeconds: number;
  /** Fires older than this are not active any more. */
  fireHours: number;
}

export class CorrelationService {
  constructor(
    private readonly correlations: CorrelationRepository,
    private readonly connection: NatsConnection,
    private readonly settings: CorrelationSettings,
  ) {}

  async refresh(): Promise<{ pairs: number; newPairs: number }> {
    const now = Date.now();
    const { pairs, fresh } = await this.correlations.refresh(
      new Date(now - this.settings.aircraftMaxAgeSeconds * 1000),
      new Date(now - this.settings.fireHours * 3_600_000),
    );
    if (fresh.length > 0) this.connection.publish(LIVE_CORRELATIONS_SUBJECT, codec.encode(fresh));
    return { pairs, newPairs: fresh.length };
  }

  /** The same job, followed by a correlation pass whose counts join its result. */
  after(job: JobDefinition): JobDefinition {
    return {
      ...job,
      run: async () => {
        const result = await job.run();
        if (result.idle) return result;
        return { ...result, correlations: await this.refresh() };
      },
    };
  }
}
