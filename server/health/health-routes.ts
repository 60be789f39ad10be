// GET /api/health: always 200 while the process runs; staleness and outages are in the body.
// Without the token it says only whether the stack is up and which pipelines are stale: paths, source
// addresses and error texts are for the token's holder.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_ROUTE } from '../http/route-access.js';
import { healthReport, publicHealthReport, type HealthReport, type PublicHealthReport } from './health-schemas.js';
import type { HealthService } from './health-service.js';

export function publicHealthOf(report: HealthReport): PublicHealthReport {
  const pipelines = Object.fromEntries(
    Object.entries(report.pipelines).map(([name, freshness]) => [name, { stale: freshness.stale, ageSeconds: freshness.ageSeconds }]),
  );
  return { status: report.status, pipelines };
}

export async function healthRoutes(app: FastifyInstance, options: { service: HealthService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { config: PUBLIC_ROUTE, schema: { response: { 200: z.union([healthReport, publicHealthReport]) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const report = await options.service.report();
      return request.authenticated ? report : publicHealthOf(report);
    },
  );
}
