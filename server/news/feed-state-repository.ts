// SQL for news_feeds: the feed list as stored, validators for conditional requests, failures and backoff.
import type { Database } from '../db/database.js';
import type { FeedEntry } from './feed-list.js';

export interface FeedState {
  id: string;
  url: string;
  name: string;
  category: string;
  region: string;
  etag: string | null;
  lastModified: string | null;
  consecutiveFailures: number;
  nextAttemptAt: Date | null;
}

export interface FailingFeed {
  name: string;
  url: string;
  lastError: string;
  lastErrorAt: string | null;
  lastStatus: number | null;
  consecutiveFailures: number;
  nextAttemptAt: string | null;
  lastSuccessAt: string | null;
}

interface FeedRow {
  id: string;
  url: string;
  name: string;
  category: string;
  region: string;
  etag: string | null;
  last_modified: string | null;
  consecutive_failures: number;
  next_attempt_at: Date | null;
}

export class FeedStateRepository {
  constructor(private readonly db: Database) {}

  /** Stores the current list (new feeds added, names and categories updated, dropped feeds marked inactive) and answers its state. */
  async sync(feeds: readonly FeedEntry[]): Promise<FeedState[]> {
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<FeedRow>(
        `INSERT INTO news_feeds (url, name, category, region, active)
         SELECT * , true FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         ON CONFLICT (url) DO UPDATE SET name = EXCLUDED.name, category = EXCLUDED.category, region = EXCLUDED.region, active = true
         RETURNING id::text, url, name, category, region, etag, last_modified, consecutive_failures, next_attempt_at`,
        [feeds.map((feed) => feed.url), feeds.map((feed) => feed.name), feeds.map((feed) => feed.category), feeds.map((feed) => feed.region)],
      );
      await client.query('UPDATE news_feeds SET active = false WHERE active AND NOT (url = ANY ($1::text[]))', [feeds.map((feed) => feed.url)]);
      return rows.map((row) => ({
        id: row.id,
        url: row.url,
        name: row.name,
        category: row.category,
        region: row.region,
        etag: row.etag,
        lastModified: row.last_modified,
        consecutiveFailures: row.consecutive_failures,
        nextAttemptAt: row.next_attempt_at,
      }));
    });
  }

  /** A 200 (validators replaced) or a 304 (validators kept): the feed is healthy again. */
  async recordSuccess(id: string, at: Date, status: number, validators: { etag: string | null; lastModified: string | null } | null): Promise<void> {
    await this.db.query(
      `UPDATE news_feeds SET last_attempt_at = $2, last_success_at = $2, last_status = $3,
              etag = CASE WHEN $4 THEN $5 ELSE etag END, last_modified = CASE WHEN $4 THEN $6 ELSE last_modified END,
              consecutive_failures = 0, last_error = NULL, last_error_at = NULL, next_attempt_at = NULL
       WHERE id = $1`,
      [id, at, status, validators !== null, validators?.etag ?? null, validators?.lastModified ?? null],
    );
  }

  async recordFailure(id: string, at: Date, message: string, status: number | null, nextAttemptAt: Date): Promise<void> {
    await this.db.query(
      `UPDATE news_feeds SET last_attempt_at = $2, last_status = $4, last_error = $3, last_error_at = $2,
              consecutive_failures = consecutive_failures + 1, next_attempt_at = $5
       WHERE id = $1`,
      [id, at, message.slice(0, 1000), status, nextAttemptAt],
    );
  }

  /** Feeds of the current list whose last attempt failed, most failures first. */
  async failing(limit = 500): Promise<FailingFeed[]> {
    const { rows } = await this.db.query<{
      name: string;
      url: string;
      last_error: string;
      last_error_at: Date | null;
      last_status: number | null;
      consecutive_failures: number;
      next_attempt_at: Date | null;
      last_success_at: Date | null;
    }>(
      `SELECT name, url, last_error, last_error_at, last_status, consecutive_failures, next_attempt_at, last_success_at
       FROM news_feeds WHERE active AND consecutive_failures > 0
       ORDER BY consecutive_failures DESC, name LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      name: row.name,
      url: row.url,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at?.toISOString() ?? null,
      lastStatus: row.last_status,
      consecutiveFailures: row.consecutive_failures,
      nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
      lastSuccessAt: row.last_success_at?.toISOString() ?? null,
    }));
  }
}
