// GET /api/health: always 200 while the process runs; staleness and outages are in the body.
import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health-service.js';

export async function healthRoutes(app: FastifyInstance, options: { service: HealthService }): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return options.service.report();
  });
}
