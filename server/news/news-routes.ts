// GET /api/news (deduplicated stories) and GET /api/news/summaries (hourly, analyst, daily recap).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../http/api-error.js';
import { decodeNewsCursor, encodeNewsCursor, newsSearchQuery, summaryListQuery } from './news-query.js';
import { newsPage, summaryList } from './news-schemas.js';
import type { NewsSearchRepository } from './news-search-repository.js';
import type { SummaryRepository } from './summary-repository.js';

export interface NewsRoutesOptions {
  search: NewsSearchRepository;
  summaries: SummaryRepository;
}

export async function newsRoutes(app: FastifyInstance, options: NewsRoutesOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/news', { schema: { querystring: newsSearchQuery, response: { 200: newsPage } } }, async (request) => {
    const query = request.query;
    const after = query.cursor === undefined ? undefined : decodeNewsCursor(query.cursor);
    if (after === null) throw new ApiError(400, 'bad_request', 'invalid cursor');
    if (after && (after.rank === null) !== (query.q === undefined)) throw new ApiError(400, 'bad_request', 'cursor belongs to a different query');
    const items = await options.search.search({ q: query.q, since: query.since, category: query.category, limit: query.limit, after });
    const last = items.at(-1);
    const nextCursor = items.length === query.limit && last ? encodeNewsCursor({ rank: last.rank, publishedAt: last.publishedAt, id: last.id }) : null;
    return { items, nextCursor };
  });

  typed.get('/api/news/summaries', { schema: { querystring: summaryListQuery, response: { 200: summaryList } } }, async (request) => {
    const { kind, since, limit } = request.query;
    return { summaries: await options.summaries.list({ kind, since, limit }) };
  });
}
