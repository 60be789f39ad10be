// GET /api/news (deduplicated stories), GET /api/news/categories (stories per category) and GET /api/news/summaries
// (hourly, analyst, daily recap).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NewsQueries } from './news-queries.js';
import { newsSearchQuery, summaryListQuery } from './news-query.js';
import { newsCategoryCounts, newsPage, summaryList } from './news-schemas.js';

export interface NewsRoutesOptions {
  news: NewsQueries;
}

export async function newsRoutes(app: FastifyInstance, options: NewsRoutesOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/news', { schema: { querystring: newsSearchQuery, response: { 200: newsPage } } }, async (request) => options.news.page(request.query));
  typed.get('/api/news/categories', { schema: { response: { 200: newsCategoryCounts } } }, async () => options.news.categories());
  typed.get('/api/news/summaries', { schema: { querystring: summaryListQuery, response: { 200: summaryList } } }, async (request) =>
    options.news.summaryList(request.query),
  );
}
