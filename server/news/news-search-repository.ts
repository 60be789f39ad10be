// SQL for GET /api/news: stories by text, time and category, newest (or best match) first, keyset-paginated.
import type { Database } from '../db/database.js';
import type { NewsCursor } from './news-query.js';
import { newsPlacementJoin } from './news-placement-sql.js';
import { newsSearchTerms, storyWordPrefixes } from './news-search-terms.js';
import { placeNameWordsCondition } from './place-name-words-sql.js';

export interface NewsSearchFilter {
  q?: string;
  since?: Date;
  category?: string;
  limit: number;
  after?: NewsCursor;
  /** With `q`: the matches newest first (undated last), not best match first. */
  newest?: boolean;
}

export interface NewsSource {
  feed: string;
  link: string | null;
}

export interface FoundNewsItem {
  id: string;
  title: string;
  summary: string | null;
  link: string | null;
  imageUrl: string | null;
  categories: string[];
  regions: string[];
  sourceCount: number;
  sources: NewsSource[];
  /** Null for a story no feed dated: listed after every dated one. */
  publishedAt: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  rank: number | null;
  /** Where the story is on the map (its place as the gazetteer names it), null when it was not placed. */
  place: { name: string; latitude: number; longitude: number } | null;
}

interface FoundRow {
  id: string;
  title: string;
  summary: string | null;
  link: string | null;
  image_url: string | null;
  categories: string[];
  regions: string[];
  source_count: number;
  sources: NewsSource[] | null;
  published_at: Date | null;
  first_seen_at: Date;
  last_seen_at: Date;
  rank: number | null;
  place_name: string | null;
  place_latitude: number | null;
  place_longitude: number | null;
}

const SOURCES_OF_PAGE_ROW = `
       (SELECT json_agg(json_build_object('feed', s.feed, 'link', s.link) ORDER BY s.feed)
        FROM (SELECT DISTINCT ON (f.id) f.name AS feed, a.link
              FROM news_item_articles l
              JOIN article_sources src ON src.article_id = l.article_id
              JOIN news_feeds f ON f.id = src.feed_id
              JOIN articles a ON a.id = l.article_id
              WHERE l.news_item_id = p.id
              ORDER BY f.id, src.first_seen_at
              LIMIT 50) s) AS sources`;

const PAGE_COLUMNS = `p.id::text, p.title, p.summary, p.link, p.image_url, p.categories, p.regions, p.source_count,
       p.published_at, p.first_seen_at, p.last_seen_at,
       placed.payload->>'place' AS place_name, ST_Y(placed.geom) AS place_latitude, ST_X(placed.geom) AS place_longitude`;

// After the cursor row ($P published_at, may be NULL; $I id) in "published_at DESC NULLS LAST, id DESC" order.
const AFTER = (published: string, id: string) => `CASE WHEN ${published}::timestamptz IS NULL
      THEN n.published_at IS NULL AND n.id < ${id}::bigint
      ELSE n.published_at IS NULL OR (n.published_at, n.id) < (${published}::timestamptz, ${id}::bigint) END`;

// Newest first, undated stories last, no text: walks news_items_published_undated_last_idx.
// $1 since, $2 category, $3 limit, $4..$5 cursor (published_at, id).
const LATEST = `
WITH page AS (
  SELECT n.* FROM news_items n
  WHERE ($1::timestamptz IS NULL OR n.published_at >= $1)
    AND ($2::text IS NULL OR n.categories @> ARRAY[$2::text])
    AND ($5::bigint IS NULL OR ${AFTER('$4', '$5')})
  ORDER BY n.published_at DESC NULLS LAST, n.id DESC
  LIMIT $3
)
SELECT ${PAGE_COLUMNS}, NULL::real AS rank, ${SOURCES_OF_PAGE_ROW}
FROM page p
${newsPlacementJoin('p.id', 'placed')}
ORDER BY p.published_at DESC NULLS LAST, p.id DESC`;

// The words as typed, and the last one as a prefix when it may be half typed (news-search-terms.ts): $1 words, $8 prefix.
// Typed text goes through search_words() as the stored text did (a typographic apostrophe read as the straight one).
const matchQuery = (prefix: string) => `(CASE WHEN ${prefix}::text IS NULL THEN websearch_to_tsquery('english', search_words($1::text))
  ELSE websearch_to_tsquery('english', search_words($1::text)) && to_tsquery('english', quote_literal(search_words(${prefix}::text)) || ':*') END)`;
const QUERY = matchQuery('$8');

// Best match first: the text condition uses the GIN index on search_vector.
// $1 words, $2 since, $3 category, $4 limit, $5..$7 cursor (rank, published_at, id), $8 prefix, $9 and $10 the words
// and text of a place's name (place-name-words-sql.ts).
const RANKED = `
WITH matches AS (
  SELECT n.*, ts_rank(n.search_vector, ${QUERY}) AS rank
  FROM news_items n
  WHERE n.search_vector @@ ${QUERY}
    AND ${placeNameWordsCondition('n', '$9', '$10')}
    AND ($2::timestamptz IS NULL OR n.published_at >= $2)
    AND ($3::text IS NULL OR n.categories @> ARRAY[$3::text])
),
page AS (
  SELECT * FROM matches n
  WHERE $7::bigint IS NULL OR n.rank < $5::real OR (n.rank = $5::real AND ${AFTER('$6', '$7')})
  ORDER BY rank DESC, published_at DESC NULLS LAST, id DESC
  LIMIT $4
)
SELECT ${PAGE_COLUMNS}, p.rank, ${SOURCES_OF_PAGE_ROW}
FROM page p
${newsPlacementJoin('p.id', 'placed')}
ORDER BY p.rank DESC, p.published_at DESC NULLS LAST, p.id DESC`;

// The matches newest first, undated last (the News tab's default while searching: the best match first buried the day's
// stories under older ones that said the word more often). The rank is still answered for each.
// $1 words, $2 since, $3 category, $4 limit, $5..$6 cursor (published_at, id), $7 prefix, $8 and $9 the words and text
// of a place's name.
const NEWEST_MATCHES = `
WITH page AS (
  SELECT n.*, ts_rank(n.search_vector, ${matchQuery('$7')}) AS rank
  FROM news_items n
  WHERE n.search_vector @@ ${matchQuery('$7')}
    AND ${placeNameWordsCondition('n', '$8', '$9')}
    AND ($2::timestamptz IS NULL OR n.published_at >= $2)
    AND ($3::text IS NULL OR n.categories @> ARRAY[$3::text])
    AND ($6::bigint IS NULL OR ${AFTER('$5', '$6')})
  ORDER BY n.published_at DESC NULLS LAST, n.id DESC
  LIMIT $4
)
SELECT ${PAGE_COLUMNS}, p.rank, ${SOURCES_OF_PAGE_ROW}
FROM page p
${newsPlacementJoin('p.id', 'placed')}
ORDER BY p.published_at DESC NULLS LAST, p.id DESC`;

export class NewsSearchRepository {
  constructor(private readonly db: Database) {}

  /** How many stored stories each category holds, by name. */
  async categoryCounts(): Promise<Array<{ category: string; stories: number }>> {
    const { rows } = await this.db.query<{ category: string; stories: number }>(
      'SELECT c AS category, count(*)::int AS stories FROM news_items, unnest(categories) AS c GROUP BY c ORDER BY c',
    );
    return rows;
  }

  async search(filter: NewsSearchFilter): Promise<FoundNewsItem[]> {
    const terms = filter.q ? newsSearchTerms(filter.q) : null;
    const placeName = [filter.q ? storyWordPrefixes(filter.q) : null, filter.q?.trim() ?? null];
    const { rows } = terms && filter.newest
      ? await this.db.query<FoundRow>(NEWEST_MATCHES, [
          terms.words,
          filter.since ?? null,
          filter.category ?? null,
          filter.limit,
          filter.after?.publishedAt ?? null,
          filter.after?.id ?? null,
          terms.prefix,
          ...placeName,
        ])
      : terms
      ? await this.db.query<FoundRow>(RANKED, [
          terms.words,
          filter.since ?? null,
          filter.category ?? null,
          filter.limit,
          filter.after?.rank ?? null,
          filter.after?.publishedAt ?? null,
          filter.after?.id ?? null,
          terms.prefix,
          ...placeName,
        ])
      : await this.db.query<FoundRow>(LATEST, [
          filter.since ?? null,
          filter.category ?? null,
          filter.limit,
          filter.after?.publishedAt ?? null,
          filter.after?.id ?? null,
        ]);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      link: row.link,
      imageUrl: row.image_url,
      categories: row.categories,
      regions: row.regions,
      sourceCount: row.source_count,
      sources: row.sources ?? [],
      publishedAt: row.published_at?.toISOString() ?? null,
      firstSeenAt: row.first_seen_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      rank: row.rank,
      place:
        row.place_latitude === null || row.place_longitude === null
          ? null
          : { name: row.place_name ?? '', latitude: row.place_latitude, longitude: row.place_longitude },
    }));
  }
}
