// SQL for pipeline_status: the last outcome of each pipeline, shared across API processes.
import type { Database } from '../db/database.js';
import { printableText } from '../http/safe-text.js';

export interface PipelineStatusRow {
  name: string;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Records dropped so far (malformed bus messages, source records a poller skipped). */
  rejected: number;
  /** The latest run that skipped records: when, how many, and why. */
  lastRejectedAt?: Date | null;
  lastRejectedCount?: number | null;
  lastRejectedReason?: string | null;
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
      // A message may quote what a source answered: a NUL in it would fail this write and leave health as it was.
      [name, at, printableText(message, 1000)],
    );
  }

  /** Adds to the running count; with a reason, also records this run's skips as the latest. */
  async addRejected(name: string, count: number, reason?: string, at: Date = new Date()): Promise<void> {
    if (reason === undefined) {
      await this.db.query(
        `INSERT INTO pipeline_status (name, rejected) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET rejected = pipeline_status.rejected + $2`,
        [name, count],
      );
      return;
    }
    await this.db.query(
      `INSERT INTO pipeline_status (name, rejected, last_rejected_at, last_rejected_count, last_rejected_reason) VALUES ($1, $2, $3, $2, $4)
       ON CONFLICT (name) DO UPDATE SET rejected = pipeline_status.rejected + $2, last_rejected_at = $3,
         last_rejected_count = $2, last_rejected_reason = $4`,
      [name, count, at, reason.slice(0, 1000)],
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
      last_rejected_at: Date | null;
      last_rejected_count: string | null;
      last_rejected_reason: string | null;
    }>(
      `SELECT name, last_attempt_at, last_success_at, last_error, last_error_at, rejected,
              last_rejected_at, last_rejected_count, last_rejected_reason
       FROM pipeline_status`,
    );
    return rows.map((row) => ({
      name: row.name,
      lastAttemptAt: row.last_attempt_at,
      lastSuccessAt: row.last_success_at,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
      rejected: Number(row.rejected),
      lastRejectedAt: row.last_rejected_at,
      lastRejectedCount: row.last_rejected_count === null ? null : Number(row.last_rejected_count),
      lastRejectedReason: row.last_rejected_reason,
    }));
  }
}
