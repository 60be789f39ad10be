// Cross-process "runs once at a time" for jobs: a session advisory lock held while the job runs.
import type { Database } from '../db/database.js';

export class JobLockRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` holding the lock named `name`; answers { acquired: false } if another holder has it. */
  async withLock<T>(name: string, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return this.db.withClient(async (client) => {
      const { rows } = await client.query<{ acquired: boolean }>(
        "SELECT pg_try_advisory_lock(hashtext('vantage-job'), hashtext($1)) AS acquired",
        [name],
      );
      if (!rows[0]?.acquired) return { acquired: false as const };
      try {
        return { acquired: true as const, value: await work() };
      } finally {
        await client.query("SELECT pg_advisory_unlock(hashtext('vantage-job'), hashtext($1))", [name]);
      }
    });
  }
}
