// Health: the report (app.health) that domains add their facts to, GET /api/health, and its live tick.
import type { DomainModule } from '../domain-module.js';
import { FIRST_RUN_GRACE_SECONDS } from '../pipelines/pipeline-freshness.js';
import { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { HealthRepository } from './health-repository.js';
import { healthRoutes } from './health-routes.js';
import { HealthService } from './health-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthService;
  }
}

export function healthModule(version: string): DomainModule {
  return {
    name: 'health',
    async register(app) {
      const health = new HealthService(
        new HealthRepository(app.db),
        new PipelineStatusRepository(app.db),
        app.bus,
        version,
        app.config.keyStorage,
        app.config.schedulesEnabled ? FIRST_RUN_GRACE_SECONDS : 0,
        { dir: app.config.dataDir, lowBelowBytes: app.config.diskLowBytes },
      );
      app.decorate('health', health);
      await app.register(healthRoutes, { service: health });
    },
  };
}
