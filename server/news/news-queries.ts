// What GET /api/news and GET /api/news/summaries read. Stories come a page at a time: a full page carries
// the cursor of its last story, and a cursor is only good for the kind of query that made it (ranked by
// text match with q, by date without).
import { invalidInput } from '../domain-errors.js';
import { decodeNewsCursor, encodeNewsCursor, type SummaryKind } from './news-query.js';
import type { FoundNewsItem, NewsSearchRepository } from './news-search-repository.js';
import type { StoredSummary, SummaryRepository } from './summary-repository.js';

export interface NewsPageQuery {
  q?: string;
  since?: Date;
  category?: string;
  limit: number;
  /** From the last page's nextCursor. */
  cursor?: string;
  /** With `q`: best match first, or newest first. */
  sort?: 'best' | 'newest';
}

export class NewsQueries {
  constructor(
    private readonly search: NewsSearchRepository,
    private readonly summaries: SummaryRepository,
    /** When the job writing summaries of a kind runs next (null: not run by this process). */
    private readonly nextSummaryAt: (kind: SummaryKind) => Date | null = () => null,
  ) {}

  async page(query: NewsPageQuery): Promise<{ items: FoundNewsItem[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? undefined : decodeNewsCursor(query.cursor);
    if (after === null) throw invalidInput('bad_request', 'invalid cursor');
    // Ranked pages carry the rank in their cursor; pages by date (no text, or newest first) do not.
    const ranked = query.q !== undefined && query.sort !== 'newest';
    if (after && (after.rank !== null) !== ranked) throw invalidInput('bad_request', 'cursor belongs to a different query');
    const items = await this.search.search({ q: query.q, since: query.since, category: query.category, limit: query.limit, after, newest: query.sort === 'newest' });
    const last = items.at(-1);
    const nextCursor = items.length === query.limit && last ? encodeNewsCursor({ rank: ranked ? last.rank : null, publishedAt: last.publishedAt, id: last.id }) : null;
    return { items, nextCursor };
  }

  async categories(): Promise<{ categories: Array<{ category: string; stories: number }> }> {
    return { categories: await this.search.categoryCounts() };
  }

  async summaryList(filter: { kind?: SummaryKind; since?: Date; limit: number }): Promise<{ summaries: StoredSummary[]; nextAt: string | null }> {
    return { summaries: await this.summaries.list(filter), nextAt: (filter.kind && this.nextSummaryAt(filter.kind)?.toISOString()) || null };
  }
}
