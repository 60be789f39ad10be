// SQL for news_items: each article joins the story its headline tells (same headline key, or with pg_trgm a similar one that sameStory() accepts).
import type { Database, Queryable } from '../db/database.js';
import { sameStory } from './headline-key.js';

export interface StoryArticle {
  articleId: string;
  /** The feed it was read from, and the host its link is on: a story holds one article of a feed's own host at most. */
  feedId: string;
  linkHost: string | null;
  title: string;
  headlineKey: string;
  summary: string | null;
  link: string | null;
  imageUrl: string | null;
  category: string;
  region: string;
  /** Published; null when the feed gave no date (the story then stays undated until a dated article joins it). */
  publishedAt: Date | null;
  /** When the article was first seen: where an undated article is looked for among stories. */
  seenAt: Date;
}

/** How far apart two articles' dates may be and still tell one story. */
const STORY_WINDOW_HOURS = 36;
/** Trigram similarity of headline keys at or above which a story is a candidate; sameStory() decides. */
export const SIMILARITY_THRESHOLD = 0.4;

// A story is told once by each outlet: two items of one feed whose links are on one host are two stories even when
// their headlines read alike. USGS lists every "M 4.5 - …" quake, The Hindu every day's "Engagements", a podcast
// "Day One/Two…". A feed relaying other outlets' articles (links on their hosts) still folds theirs into one story.
const NOT_FROM_THIS_FEED = `NOT EXISTS (
  SELECT 1 FROM news_item_articles l JOIN articles a ON a.id = l.article_id JOIN article_sources s ON s.article_id = a.id
  WHERE l.news_item_id = news_items.id AND s.feed_id = $4::bigint
    AND lower(substring(a.link from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)')) IS NOT DISTINCT FROM $5::text)`;

const FIND_EQUAL = `
SELECT id::text, headline_key FROM news_items
WHERE headline_key = $1 AND coalesce(published_at, first_seen_at) BETWEEN $2::timestamptz - make_interval(hours => $3) AND $2::timestamptz + make_interval(hours => $3)
  AND ${NOT_FROM_THIS_FEED}
ORDER BY coalesce(published_at, first_seen_at) DESC LIMIT 1`;

// `%` uses the trigram index (threshold set per transaction); similarity() orders the candidates.
const FIND_SIMILAR = `
SELECT id::text, headline_key FROM news_items
WHERE headline_key % $1 AND coalesce(published_at, first_seen_at) BETWEEN $2::timestamptz - make_interval(hours => $3) AND $2::timestamptz + make_interval(hours => $3)
  AND ${NOT_FROM_THIS_FEED}
ORDER BY headline_key = $1 DESC, similarity(headline_key, $1) DESC, coalesce(published_at, first_seen_at) DESC LIMIT 10`;

export class NewsItemRepository {
  private trigram: Promise<boolean> | null = null;

  constructor(private readonly db: Database) {}

  /** Whether pg_trgm is installed (checked once). */
  hasTrigram(): Promise<boolean> {
    this.trigram ??= this.db
      .query<{ present: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS present")
      .then(({ rows }) => rows[0]?.present === true)
      .catch((error: unknown) => {
        this.trigram = null;
        throw error;
      });
    return this.trigram;
  }

  async prepare(client: Queryable): Promise<void> {
    if (await this.hasTrigram()) await client.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(SIMILARITY_THRESHOLD)]);
  }

  /** Links a new article to its story, creating the story when none matches; answers whether it was created. */
  async assign(client: Queryable, article: StoryArticle): Promise<{ newsItemId: string; created: boolean }> {
    // An undated article is compared by when it was seen; an undated story by when it was first seen.
    const params = [article.headlineKey, article.publishedAt ?? article.seenAt, STORY_WINDOW_HOURS, article.feedId, article.linkHost];
    const { rows } = await client.query<{ id: string; headline_key: string }>((await this.hasTrigram()) ? FIND_SIMILAR : FIND_EQUAL, params);
    let newsItemId = rows.find((row) => sameStory(row.headline_key, article.headlineKey))?.id;
    const created = newsItemId === undefined;
    if (newsItemId === undefined) {
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO news_items (title, headline_key, summary, link, image_url, categories, regions, published_at, first_seen_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, ARRAY[$6], ARRAY[$7], $8, now(), now())
         RETURNING id::text`,
        [article.title, article.headlineKey, article.summary, article.link, article.imageUrl, article.category, article.region, article.publishedAt],
      );
      newsItemId = inserted.rows[0]!.id;
    } else {
      await client.query(
        `UPDATE news_items SET
           summary = coalesce(summary, $2), link = coalesce(link, $3), image_url = coalesce(image_url, $4),
           categories = CASE WHEN $5 = ANY (categories) THEN categories ELSE categories || $5 END,
           regions = CASE WHEN $6 = ANY (regions) THEN regions ELSE regions || $6 END,
           published_at = least(published_at, $7::timestamptz), last_seen_at = now()
         WHERE id = $1`,
        [newsItemId, article.summary, article.link, article.imageUrl, article.category, article.region, article.publishedAt],
      );
    }
    await client.query('INSERT INTO news_item_articles (news_item_id, article_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [newsItemId, article.articleId]);
    return { newsItemId, created };
  }

  /** Recounts the distinct feeds behind the stories of these articles (after a new article or a new source). */
  async recountSources(client: Queryable, articleIds: readonly string[]): Promise<void> {
    if (articleIds.length === 0) return;
    await client.query(
      `UPDATE news_items n SET source_count = counted.sources, last_seen_at = now()
       FROM (
         SELECT l.news_item_id, count(DISTINCT s.feed_id)::int AS sources
         FROM news_item_articles l JOIN article_sources s ON s.article_id = l.article_id
         WHERE l.news_item_id IN (SELECT news_item_id FROM news_item_articles WHERE article_id = ANY ($1::bigint[]))
         GROUP BY l.news_item_id
       ) counted
       WHERE n.id = counted.news_item_id AND n.source_count IS DISTINCT FROM counted.sources`,
      [articleIds],
    );
  }
}
