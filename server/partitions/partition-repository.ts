// SQL for the daily partitions of partitioned tables.
import type { Database } from '../db/database.js';

export const DAILY_PARTITIONED_TABLES = [{ table: 'events', keyColumn: 'ingested_at' }] as const;

export class PartitionRepository {
  constructor(private readonly db: Database) {}

  /** Creates the partitions for `days` days from `firstDay` (UTC) that are missing; answers how many it made. */
  async ensureDaily(table: string, keyColumn: string, firstDay: string, days: number): Promise<number> {
    const { rows } = await this.db.query<{ created: number }>(
      'SELECT vantage_ensure_daily_partitions($1::regclass, $2, $3::date, $4) AS created',
      [table, keyColumn, firstDay, days],
    );
    return rows[0]?.created ?? 0;
  }

  async list(table: string): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = $1::regclass ORDER BY 1`,
      [table],
    );
    return rows.map((row) => row.name);
  }
}
