// GET /api/cameras?bbox=&limit= (placed cameras, credentials never included),
// GET /api/cameras/near?lat=&lon=&limit= (cameras linked to a fire or incident there: within 20 miles) and
// GET /api/cameras/:id/snapshot[?cached=1].
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cameraList, cameraSnapshot, nearbyCameras } from './camera-schemas.js';
import { bboxParam, limitParam, parseDecimal } from '../http/query-params.js';
import type { CameraQueries } from './camera-queries.js';
import type { SnapshotService } from './snapshot-service.js';

const camerasQuery = z.object({ bbox: bboxParam.optional(), limit: limitParam(1_000, 10_000) }).strict();
// An id past 2^53 would be rounded to another camera's number: refused, not looked up.
const cameraId = z
  .object({ id: z.string().regex(/^[1-9]\d{0,15}$/, 'id must be a positive integer').transform(Number).refine(Number.isSafeInteger, 'id is too large') })
  .strict();
const degrees = (name: string, limit: number) =>
  z
    .string()
    .transform((value, context) => {
      const number = parseDecimal(value.trim());
      if (number === null || Math.abs(number) > limit) {
        context.addIssue({ code: 'custom', message: `${name} must be a decimal number within -${limit}..${limit}` });
        return z.NEVER;
      }
      return number;
    });
const nearQuery = z.object({ lat: degrees('lat', 90), lon: degrees('lon', 180), limit: limitParam(20, 200) }).strict();
const snapshotQuery = z.object({ cached: z.enum(['1', 'true']).optional() }).strict();

export async function cameraRoutes(app: FastifyInstance, options: { cameras: CameraQueries; snapshots: SnapshotService; ttlSeconds: number }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/cameras', { schema: { querystring: camerasQuery, response: { 200: cameraList } } }, async (request) =>
    options.cameras.find(request.query.bbox, request.query.limit),
  );
  routes.get('/api/cameras/near', { schema: { querystring: nearQuery, response: { 200: nearbyCameras } } }, async (request) =>
    options.cameras.near(request.query.lat, request.query.lon, request.query.limit),
  );
  routes.get('/api/cameras/:id/snapshot', { schema: { params: cameraId, querystring: snapshotQuery, response: { 200: cameraSnapshot } } }, async (request, reply) => {
    const answer = await options.snapshots.get(request.params.id, { cachedOnly: Boolean(request.query.cached) });
    return reply
      .header('content-type', answer.snapshot.contentType)
      .header('cache-control', `private, max-age=${answer.cache === 'stale' ? 0 : options.ttlSeconds}`)
      .header('x-snapshot-cache', answer.cache)
      .header('x-snapshot-fetched-at', answer.snapshot.fetchedAt.toISOString())
      .header('x-content-type-options', 'nosniff')
      .send(answer.snapshot.body);
  });
}
