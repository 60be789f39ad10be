// Geofences and alerts: the fence check every placed object goes through (app.geofences), the routes,
// and alert delivery through the messaging bot once the server listens.
import type { DomainModule } from '../domain-module.js';
import { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { AlertNotificationRepository } from './alert-notification-repository.js';
import { GeofenceAdmin } from './geofence-admin.js';
import { GeofenceRepository } from './geofence-repository.js';
import { geofenceRoutes } from './geofence-routes.js';
import { GeofenceService } from './geofence-service.js';
import { readTelegramSettings, TelegramNotifier } from './telegram-notifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    geofences: GeofenceService;
  }
}

export const geofencesModule: DomainModule = {
  name: 'geofences',
  async register(app) {
    readTelegramSettings(app.config.settings); // a bad TELEGRAM_CHAT_ID in the environment stops the start, with the reason
    const repository = new GeofenceRepository(app.db);
    app.decorate('geofences', new GeofenceService(repository, app.bus.connection, app.log));
    await app.register(geofenceRoutes, { geofences: new GeofenceAdmin(repository) });
  },
  startWorkers(app) {
    if (!app.config.notificationsEnabled) return () => undefined;
    const notifier = new TelegramNotifier(
      new AlertNotificationRepository(app.db),
      app.keys,
      new PipelineStatusRepository(app.db),
      // The chat id as the Sources panel or the environment has it now.
      () => readTelegramSettings(app.sourceSettings.settings()),
      app.log,
    );
    notifier.start();
    return () => notifier.stop();
  },
};
