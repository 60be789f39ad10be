// GET /api/aircraft?bbox=&firefighting=&limit= and GET /api/correlations?since=
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aircraftList, correlationList } from './aircraft-schemas.js';
import { bboxParam, instantParam, limitParam } from '../http/query-params.js';
import type { AircraftQueries } from './aircraft-queries.js';

const aircraftQuery = z
  .object({
    bbox: bboxParam.optional(),
    firefighting: z.enum(['true', 'false']).optional(),
    limit: limitParam(2_000, 20_000),
  })
  .strict();

const correlationsQuery = z.object({ since: instantParam.optional(), limit: limitParam(500, 5_000) }).strict();

export async function aircraftRoutes(app: FastifyInstance, options: { aircraft: AircraftQueries }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/aircraft', { schema: { querystring: aircraftQuery, response: { 200: aircraftList } } }, async (request) =>
    options.aircraft.find({ bbox: request.query.bbox, firefightingOnly: request.query.firefighting === 'true', limit: request.query.limit }),
  );
  typed.get('/api/correlations', { schema: { querystring: correlationsQuery, response: { 200: correlationList } } }, async (request) =>
    options.aircraft.pairs(request.query.since, request.query.limit),
  );
}
