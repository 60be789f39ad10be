// Background work that starts once the HTTP server listens: each domain's own (schedules, the
// ingester, alert delivery, live health ticks), stopped in the same order: schedules first, so no job
// starts while the rest stop.
import type { FastifyInstance } from 'fastify';

export interface Workers {
  stop(): Promise<void>;
}

/** Starts after listen (hooks can no longer be added then), so the caller stops them before closing the app. */
export function startWorkers(app: FastifyInstance): Workers {
  const stops = app.domains.flatMap((domain) => (domain.startWorkers ? [domain.startWorkers(app)] : []));
  return {
    async stop() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
