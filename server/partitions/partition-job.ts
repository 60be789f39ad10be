// The `partitions` job: today's and the next days' partitions exist before data arrives.
import type { JobDefinition } from '../jobs/job-runner.js';
import { DAILY_PARTITIONED_TABLES, type PartitionRepository } from './partition-repository.js';

export function partitionJob(repository: PartitionRepository, daysAhead: number, now: () => Date = () => new Date()): JobDefinition {
  return {
    name: 'partitions',
    schedule: '5 0 * * *',
    timezone: 'UTC',
    runAtStart: true,
    async run() {
      const today = now().toISOString().slice(0, 10);
      const created: Record<string, number> = {};
      for (const { table, keyColumn } of DAILY_PARTITIONED_TABLES) {
        created[table] = await repository.ensureDaily(table, keyColumn, today, daysAhead + 1);
      }
      return { from: today, daysAhead, created };
    },
  };
}
