// SQL for articles and article_sources: one row per article, and which feeds carried it.
import type { Queryable } from '../db/database.js';
import type { FeedState } from './feed-state-repository.js';

export interface ArticleToStore {
  identityKey: string;
  title: string;
  link: string | null;
  canonicalLink: string | null;
  guid: string | null;
  summary: string | null;
  imageUrl: string | null;
  publishedAt: Date | null;
}

export interface StoredArticle {
  id: string;
  /** True when this call created the row; false when it existed (from this feed or another). */
  created: boolean;
  /** True when this feed was not yet recorded as a source of the article. */
  newSource: boolean;
  identityKey: string;
}

export class ArticleRepository {
  /** Inserts what is new (by identity key), answers every input's row, and records the feed as a source. */
  async store(client: Queryable, feed: FeedState, articles: readonly ArticleToStore[], at: Date): Promise<StoredArticle[]> {
    if (articles.length === 0) return [];
    // The outer SELECT sees the table as it was before the insert: existing rows come from it, new ones from RETURNING.
    const { rows } = await client.query<{ id: string; identity_key: string; created: boolean }>(
      `WITH input AS (
         SELECT DISTINCT ON (identity_key) *
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
           AS t(identity_key, title, link, canonical_link, guid, summary, image_url, published_at)
       ),
       inserted AS (
         INSERT INTO articles (identity_key, feed_id, feed_name, category, region, title, link, canonical_link, guid, summary, image_url, published_at, fetched_at)
         SELECT identity_key, $9, $10, $11, $12, title, link, canonical_link, guid, summary, image_url, published_at, $13 FROM input
         ON CONFLICT (identity_key) DO NOTHING
         RETURNING id, identity_key
       )
       SELECT id::text, identity_key, true AS created FROM inserted
       UNION ALL
       SELECT a.id::text, a.identity_key, false FROM articles a JOIN input USING (identity_key)`,
      [
        articles.map((article) => article.identityKey),
        articles.map((article) => article.title),
        articles.map((article) => article.link),
        articles.map((article) => article.canonicalLink),
        articles.map((article) => article.guid),
        articles.map((article) => article.summary),
        articles.map((article) => article.imageUrl),
        articles.map((article) => article.publishedAt),
        feed.id,
        feed.name,
        feed.category,
        feed.region,
        at,
      ],
    );
    const { rows: linked } = await client.query<{ article_id: string }>(
      `INSERT INTO article_sources (article_id, feed_id, first_seen_at)
       SELECT unnest($1::bigint[]), $2, $3
       ON CONFLICT DO NOTHING
       RETURNING article_id::text`,
      [rows.map((row) => row.id), feed.id, at],
    );
    const newlyLinked = new Set(linked.map((row) => row.article_id));
    return rows.map((row) => ({ id: row.id, created: row.created, newSource: newlyLinked.has(row.id), identityKey: row.identity_key }));
  }
}
