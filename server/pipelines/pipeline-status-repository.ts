// SQL for pipeline_status: the last outcome of each pipeline, shared across API processes.
import type { Database } from '../db/database.js';

export interface PipelineStatusRow {
  name: string;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Messages dropped as malformed (the ingester). */
  rejected: number;
}

export class PipelineStatusRepository {
  constructor(private readonly db: Database) {}

  async recordSuccess(name: string, at: Date = new Date()): Promise<void> {
    await this.db.query(
      `INSERT INTO pipeline_status (name, last_attempt_at, last_success_at, last_error, last_error_at)
       VALUES ($1, $2, $2, NULL, NULL)
       ON CONFLICT (name) DO UPDATE SET last_attempt_at = $2, last_success_at = $2, last_error = NULL, last_error_at = NULL`,
      [name, at],
    );
  }

  async recordFailure(name: string, message: string, at: Date = new Date()): Promise<void> {
    await this.db.query(
      `INSERT INTO pipeline_status (name, last_attempt_at, last_error, last_error_at)
       VALUES ($1, $2, $3, $2)
       ON CONFLICT (name) DO UPDATE SET last_attempt_at = $2, last_error = $3, last_error_at = $2`,
      [name, at, message.slice(0, 1000)],
    );
  }

  async addRejected(name: string, count: number): Promise<void> {
    await this.db.query(
      `INSERT INTO pipeline_status (name, rejected) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET rejected = pipeline_status.rejected + $2`,
      [name, count],
    );
  }

  async list(): Promise<PipelineStatusRow[]> {
    const { rows } = await this.db.query<{
      name: string;
      last_attempt_at: Date | null;
      last_success_at: Date | null;
      last_error: string | null;
      last_error_at: Date | null;
      rejected: string;
    }>('SELECT name, last_attempt_at, last_success_at, last_error, last_error_at, rejected FROM pipeline_status');
    return rows.map((row) => ({
      name: row.name,
      lastAttemptAt: row.last_attempt_at,
      lastSuccessAt: row.last_success_at,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
      rejected: Number(row.rejected),
    }));
  }
}
