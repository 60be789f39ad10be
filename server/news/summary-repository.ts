// SQL for summaries: the stories of a window, and article_summaries with the news items each one covered.
import type { Database } from '../db/database.js';
import type { SummaryKind } from './news-query.js';

export interface WindowStory {
  id: string;
  title: string;
  summary: string | null;
  sourceCount: number;
  categories: string[];
  /** When the story was published, or for an undated one when it was first seen. */
  publishedAt: Date;
  /** Whether its feed gave a date (publishedAt is otherwise its first sighting). */
  dated: boolean;
}

export interface NewSummary {
  kind: SummaryKind;
  model: string;
  windowStart: Date;
  windowEnd: Date;
  body: string;
  futuresIncluded: boolean;
  fallbackReason: string | null;
  /** In the order the summary was given them. */
  itemIds: string[];
}

export interface StoredSummary {
  id: string;
  kind: SummaryKind;
  model: string;
  windowStart: string;
  windowEnd: string;
  text: string;
  futuresIncluded: boolean;
  fallbackReason: string | null;
  itemIds: string[];
  createdAt: string;
}

export class SummaryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stories of [from, to]: published then, most reported first, then those no feed dated and first seen then (the News
   * list shows those too; the summaries said "no stories" beside a list of them). Undated ones come after every dated
   * one, however many feeds carry them: a feed that dates nothing lists stories years old ("the western Mosul assault"
   * of 2017 led a first start's recap). The story time's index serves the window.
   */
  async storiesInWindow(from: Date, to: Date, limit: number): Promise<WindowStory[]> {
    const { rows } = await this.db.query<{ id: string; title: string; summary: string | null; source_count: number; categories: string[]; story_time: Date; dated: boolean }>(
      `SELECT id::text, title, summary, source_count, categories, coalesce(published_at, first_seen_at) AS story_time, published_at IS NOT NULL AS dated
       FROM news_items
       WHERE coalesce(published_at, first_seen_at) BETWEEN $1 AND $2
       ORDER BY published_at IS NULL, source_count DESC, coalesce(published_at, first_seen_at) DESC, id DESC LIMIT $3`,
      [from, to, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      sourceCount: row.source_count,
      categories: row.categories,
      publishedAt: row.story_time,
      dated: row.dated,
    }));
  }

  /** When the newest summary was written (null: none yet), for the Sources tab's "last digest". */
  async newestWrittenAt(): Promise<Date | null> {
    const { rows } = await this.db.query<{ at: Date | null }>('SELECT max(created_at) AS at FROM article_summaries');
    return rows[0]?.at ?? null;
  }

  /**
   * Stores a summary, or, when it says word for word what the newest of its kind says (an extractive digest of the
   * same stories, written every 15 minutes), moves that one's window and time to this one's: the News tab listed four
   * identical analyst notes an hour. `unchanged`: the newest was kept.
   */
  async write(summary: NewSummary): Promise<{ id: string; unchanged: boolean }> {
    return this.db.transaction(async (client) => {
      const same = await client.query<{ id: string }>(
        `UPDATE article_summaries s SET window_start = $2, window_end = $3, created_at = now()
         FROM (SELECT id, body, model, futures_included, fallback_reason FROM article_summaries WHERE kind = $1
               ORDER BY window_end DESC, id DESC LIMIT 1 FOR UPDATE) newest
         WHERE s.id = newest.id AND newest.body = $4 AND newest.model = $5 AND newest.futures_included = $6
           AND newest.fallback_reason IS NOT DISTINCT FROM $7
         RETURNING s.id::text`,
        [summary.kind, summary.windowStart, summary.windowEnd, summary.body, summary.model, summary.futuresIncluded, summary.fallbackReason],
      );
      if (same.rows[0]) return { id: same.rows[0].id, unchanged: true };
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO article_summaries (kind, model, window_start, window_end, body, futures_included, fallback_reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`,
        [summary.kind, summary.model, summary.windowStart, summary.windowEnd, summary.body, summary.futuresIncluded, summary.fallbackReason],
      );
      const id = rows[0]!.id;
      await client.query(
        `INSERT INTO article_summary_items (summary_id, news_item_id, position)
         SELECT $1, item, position::int FROM unnest($2::bigint[]) WITH ORDINALITY AS t(item, position)`,
        [id, summary.itemIds],
      );
      return { id, unchanged: false };
    });
  }

  async list(filter: { kind?: SummaryKind; since?: Date; limit: number }): Promise<StoredSummary[]> {
    const { rows } = await this.db.query<{
      id: string;
      kind: SummaryKind;
      model: string;
      window_start: Date;
      window_end: Date;
      body: string;
      futures_included: boolean;
      fallback_reason: string | null;
      item_ids: string[] | null;
      created_at: Date;
    }>(
      `SELECT s.id::text, s.kind, s.model, s.window_start, s.window_end, s.body, s.futures_included, s.fallback_reason, s.created_at,
              (SELECT array_agg(i.news_item_id::text ORDER BY i.position) FROM article_summary_items i WHERE i.summary_id = s.id) AS item_ids
       FROM article_summaries s
       WHERE ($1::text IS NULL OR s.kind = $1) AND ($2::timestamptz IS NULL OR s.window_end >= $2)
       ORDER BY s.window_end DESC, s.id DESC LIMIT $3`,
      [filter.kind ?? null, filter.since ?? null, filter.limit],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      model: row.model,
      windowStart: row.window_start.toISOString(),
      windowEnd: row.window_end.toISOString(),
      text: row.body,
      futuresIncluded: row.futures_included,
      fallbackReason: row.fallback_reason,
      itemIds: row.item_ids ?? [],
      createdAt: row.created_at.toISOString(),
    }));
  }
}
