// GET /api/health: always 200 while the process runs; staleness and outages are in the body.
// Without the token it says only whether the stack is up and which pipelines are stale: paths, source
// addresses and error texts are for the token's holder.
import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTE } from '../http/route-access.js';
import type { PipelineName } from '../pipelines/pipeline-registry.js';
import type { HealthReport, HealthService } from './health-service.js';

export interface PublicHealthReport {
  status: HealthReport['status'];
  pipelines: Record<PipelineName, { stale: boolean; ageSeconds: number | null }>;
}

export function publicHealthReport(report: HealthReport): PublicHealthReport {
  const pipelines = Object.fromEntries(
    Object.entries(report.pipelines).map(([name, freshness]) => [name, { stale: freshness.stale, ageSeconds: freshness.ageSeconds }]),
  ) as PublicHealthReport['pipelines'];
  return { status: report.status, pipelines };
}

export async function healthRoutes(app: FastifyInstance, options: { service: HealthService }): Promise<void> {
  app.get('/api/health', { config: PUBLIC_ROUTE }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = await options.service.report();
    return request.authenticated ? report : publicHealthReport(report);
  });
}
