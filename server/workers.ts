// Background work that starts once the HTTP server listens: schedules, the ingester, live health ticks.
import type { FastifyInstance } from 'fastify';
import { EventIngester } from './events/event-ingester.js';
import { EventStoreRepository } from './events/event-store-repository.js';
import { AlertNotificationRepository } from './geofences/alert-notification-repository.js';
import { TELEGRAM_DEFAULT_URL, TelegramNotifier } from './geofences/telegram-notifier.js';
import { PipelineStatusRepository } from './pipelines/pipeline-status-repository.js';

export interface Workers {
  stop(): Promise<void>;
}

/** Starts after listen (hooks can no longer be added then), so the caller stops them before closing the app. */
export function startWorkers(app: FastifyInstance): Workers {
  const { config } = app;
  const stops: Array<() => Promise<void> | void> = [];
  if (config.schedulesEnabled) {
    app.jobs.startSchedules();
    stops.push(() => app.jobs.stopSchedules());
  }
  if (config.ingesterEnabled) {
    const ingester = new EventIngester({
      connection: app.bus.connection,
      db: app.db,
      store: new EventStoreRepository(),
      pipelines: new PipelineStatusRepository(app.db),
      log: app.log,
      afterStore: async (events) => {
        const placed = events.filter((event) => event.geometry);
        await app.geofences.checkQuietly(
          placed.map((event) => ({ objectType: event.sourceType, objectId: event.url, title: event.title, geometry: event.geometry! })),
        );
      },
    });
    ingester.start();
    stops.push(() => ingester.stop());
  }
  if (config.notificationsEnabled) {
    const notifier = new TelegramNotifier(
      new AlertNotificationRepository(app.db),
      app.keys,
      new PipelineStatusRepository(app.db),
      { apiUrl: config.settings.TELEGRAM_API_URL || TELEGRAM_DEFAULT_URL, chatId: config.settings.TELEGRAM_CHAT_ID || null },
      app.log,
    );
    notifier.start();
    stops.push(() => notifier.stop());
  }
  const tick = setInterval(() => {
    if (app.live.snapshot().clients === 0) return;
    app.health
      .report()
      .then((health) => app.live.broadcast({ type: 'health', health: { status: health.status, pipelines: health.pipelines } }))
      .catch((error) => app.log.warn({ err: error }, 'live health tick failed'));
  }, config.liveHealthIntervalMs);
  tick.unref();
  stops.push(() => clearInterval(tick));
  return {
    async stop() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
