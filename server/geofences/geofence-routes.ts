// GET|POST /api/geofences, PATCH|DELETE /api/geofences/:id, GET /api/alerts?since=&geofence=
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../http/response-schemas.js';
import { alert, geofence } from './geofence-schemas.js';
import { instantParam, limitParam } from '../http/query-params.js';
import type { GeofenceAdmin } from './geofence-admin.js';
import { geofenceBody, geofenceRename } from './geofence-input.js';

const idParam = z.string().regex(/^\d{1,18}$/, 'id must be a number');

export async function geofenceRoutes(app: FastifyInstance, options: { geofences: GeofenceAdmin }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/geofences', { schema: { response: { 200: z.array(geofence) } } }, async () => options.geofences.list());
  typed.post('/api/geofences', { schema: { body: geofenceBody, response: { 201: geofence } } }, async (request, reply) =>
    reply.status(201).send(await options.geofences.create(request.body)),
  );
  typed.patch('/api/geofences/:id', { schema: { params: z.object({ id: idParam }), body: geofenceRename, response: { 200: geofence } } }, async (request) =>
    options.geofences.rename(request.params.id, request.body.name),
  );
  typed.delete('/api/geofences/:id', { schema: { params: z.object({ id: idParam }), response: { 204: noContent } } }, async (request, reply) => {
    await options.geofences.delete(request.params.id);
    return reply.status(204).send(null);
  });
  typed.get(
    '/api/alerts',
    { schema: { querystring: z.object({ since: instantParam.optional(), geofence: idParam.optional(), limit: limitParam(500, 5_000) }).strict(), response: { 200: z.array(alert) } } },
    async (request) => options.geofences.alerts({ since: request.query.since, geofenceId: request.query.geofence, limit: request.query.limit }),
  );
}
