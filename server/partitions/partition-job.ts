// The `partitions` job: today's and the next days' partitions exist before data arrives.
import type { JobDefinition } from '../jobs/job-runner.js';
import { DAILY_PARTITIONED_TABLES, type PartitionRepository } from './partition-repository.js';

/** Creates partitions ahead and drops whole days older than the retention. */
export function partitionJob(
  repository: PartitionRepository,
  settings: { daysAhead: number; retentionDays: number },
  now: () => Date = () => new Date(),
): JobDefinition {
  const { daysAhead, retentionDays } = settings;
  return {
    name: 'partitions',
    schedule: '5 0 * * *',
    timezone: 'UTC',
    runAtStart: true,
    async run() {
      const today = now().toISOString().slice(0, 10);
      const cutoff = new Date(`${today}T00:00:00Z`);
      cutoff.setUTCDate(cutoff.getUTCDate() - retentionDays);
      const cutoffDay = cutoff.toISOString().slice(0, 10);
      const created: Record<string, number> = {};
      const dropped: Record<string, number> = {};
      let strays: number;
      try {
        for (const { table, keyColumn, daysBack } of DAILY_PARTITIONED_TABLES) {
          const first = new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
          created[table] = await repository.ensureDaily(table, keyColumn, first, daysBack + daysAhead + 1);
          dropped[table] = await repository.dropDailyBefore(table, cutoffDay);
        }
        strays = await repository.deleteStraysBefore(cutoff);
      } finally {
        // Whatever went before a failure (a fires day dropped, then a lock timeout elsewhere) is told too.
        await repository.announceFireRetention();
      }
      return { from: today, daysAhead, created, retentionDays, droppedBefore: cutoffDay, dropped, strayRowsDeleted: strays };
    },
  };
}
