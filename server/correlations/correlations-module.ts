// Correlations: firefighting aircraft paired with the fires and incidents within 20 miles
// (app.correlations), refreshed after every fire, incident and aircraft update.
import { aircraftMaxAgeSeconds } from '../aircraft/aircraft-max-age.js';
import type { DomainModule } from '../domain-module.js';
import { CorrelationRepository } from './correlation-repository.js';
import { CorrelationService } from './correlation-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    correlations: CorrelationService;
  }
}

/** Fires older than this are not paired. */
const FIRE_HOURS = 24;

export const correlationsModule: DomainModule = {
  name: 'correlations',
  async register(app) {
    app.decorate(
      'correlations',
      new CorrelationService(new CorrelationRepository(app.db), app.bus.connection, {
        aircraftMaxAgeSeconds: aircraftMaxAgeSeconds(app.config.settings),
        fireHours: FIRE_HOURS,
      }),
    );
  },
};
