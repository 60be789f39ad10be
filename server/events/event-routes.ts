// GET /api/events (full-text search) and GET /api/playback (minute aggregates).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventPage, playbackResult } from './event-schemas.js';
import { ApiError } from '../http/api-error.js';
import { bboxParam, instantParam } from '../http/query-params.js';
import { decodeCursor, encodeCursor, eventSearchQuery, sourceListParam } from './event-query.js';
import type { EventSearchRepository } from './event-search-repository.js';
import type { PlaybackRepository } from './playback-repository.js';

export interface EventRoutesOptions {
  search: EventSearchRepository;
  playback: PlaybackRepository;
  maxPlaybackHours: number;
}

const playbackQuery = z
  .object({
    from: instantParam,
    to: instantParam,
    bbox: bboxParam.optional(),
    source: sourceListParam.optional(),
  })
  .strict();

export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/events', { schema: { querystring: eventSearchQuery, response: { 200: eventPage } } }, async (request) => {
    const query = request.query;
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (after === null) throw new ApiError(400, 'bad_request', 'invalid cursor');
    if (after && (after.rank === null) !== (query.q === undefined)) {
      throw new ApiError(400, 'bad_request', 'cursor belongs to a different query');
    }
    const rows = await options.search.search({
      q: query.q,
      bbox: query.bbox,
      since: query.since,
      until: query.until,
      sources: query.source,
      limit: query.limit,
      after,
    });
    const last = rows.at(-1);
    const nextCursor =
      rows.length === query.limit && last ? encodeCursor({ rank: last.rank, occurredAt: last.occurredAt, id: last.id }) : null;
    return { events: rows, nextCursor };
  });

  typed.get('/api/playback', { schema: { querystring: playbackQuery, response: { 200: playbackResult } } }, async (request) => {
    const { from, to, bbox, source } = request.query;
    if (from >= to) throw new ApiError(400, 'bad_request', 'from must be before to');
    const hours = (to.getTime() - from.getTime()) / 3_600_000;
    if (hours > options.maxPlaybackHours) {
      throw new ApiError(400, 'bad_request', `range is ${hours.toFixed(1)} h; the maximum is ${options.maxPlaybackHours} h`);
    }
    const result = await options.playback.read({ from, to, bbox, sources: source });
    return { from: from.toISOString(), to: to.toISOString(), ...result };
  });
}
