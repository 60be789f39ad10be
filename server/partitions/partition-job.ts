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
    pipeline: 'partitions',
    async run() {
      const clock = now();
      const today = clock.toISOString().slice(0, 10);
      // Retention counts back from this computer's clock, or from the newest stored fire detection when that is earlier
      // (its time is the satellite's): a clock set weeks ahead, for one start, dropped every day stored, for good. A
      // stack left off for weeks keeps its last weeks until new detections come.
      const newestFire = await repository.newestFireTime();
      const retainedFrom = newestFire && newestFire < clock ? newestFire : clock;
      const cutoff = new Date(`${retainedFrom.toISOString().slice(0, 10)}T00:00:00Z`);
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
      return { from: today, daysAhead, created, retentionDays, retainedFrom: retainedFrom.toISOString(), droppedBefore: cutoffDay, dropped, strayRowsDeleted: strays };
    },
  };
}
