// GET /api/incidents?bbox=&limit=&geofence=
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { incidentList } from './incident-schemas.js';
import { bboxParam, geofenceIdParam, limitParam } from '../http/query-params.js';
import type { IncidentQueries } from './incident-queries.js';

const incidentsQuery = z.object({ bbox: bboxParam.optional(), limit: limitParam(1_000, 10_000), geofence: geofenceIdParam.optional() }).strict();

export async function incidentRoutes(app: FastifyInstance, options: { incidents: IncidentQueries }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/incidents', { schema: { querystring: incidentsQuery, response: { 200: incidentList } } }, async (request) =>
    options.incidents.find(request.query.bbox, request.query.limit, request.query.geofence),
  );
}
