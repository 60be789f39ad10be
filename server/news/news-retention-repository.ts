// SQL for news retention: stories, articles and summaries older than the retention go (links cascade).
import type { Database } from '../db/database.js';

export interface NewsPruned {
  summaries: number;
  newsItems: number;
  articles: number;
}

export class NewsRetentionRepository {
  constructor(private readonly db: Database) {}

  /** Removes what was last seen before `cutoff`; an article still telling a live story stays. */
  async prune(cutoff: Date): Promise<NewsPruned> {
    return this.db.transaction(async (client) => {
      const summaries = await client.query('DELETE FROM article_summaries WHERE created_at < $1', [cutoff]);
      const newsItems = await client.query('DELETE FROM news_items WHERE last_seen_at < $1', [cutoff]);
      const articles = await client.query(
        `DELETE FROM articles a WHERE a.fetched_at < $1
           AND NOT EXISTS (SELECT 1 FROM news_item_articles l WHERE l.article_id = a.id)`,
        [cutoff],
      );
      return { summaries: summaries.rowCount ?? 0, newsItems: newsItems.rowCount ?? 0, articles: articles.rowCount ?? 0 };
    });
  }
}
