// GET /api/events (full-text search) and GET /api/playback (minute aggregates).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bboxParam, instantParam } from '../http/query-params.js';
import type { EventQueries } from './event-queries.js';
import { eventSearchQuery, sourceListParam } from './event-query.js';
import { eventPage, playbackResult } from './event-schemas.js';

const playbackQuery = z
  .object({
    from: instantParam,
    to: instantParam,
    bbox: bboxParam.optional(),
    source: sourceListParam.optional(),
  })
  .strict();

export async function eventRoutes(app: FastifyInstance, options: { events: EventQueries }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/events', { schema: { querystring: eventSearchQuery, response: { 200: eventPage } } }, async (request) => {
    const { q, bbox, since, until, source, geofence, limit, cursor } = request.query;
    return options.events.page({ q, bbox, since, until, sources: source, geofence, limit, cursor });
  });

  typed.get('/api/playback', { schema: { querystring: playbackQuery, response: { 200: playbackResult } } }, async (request) => {
    const { from, to, bbox, source } = request.query;
    return options.events.playback({ from, to, bbox, sources: source });
  });
}
