// Source settings: the values saved in the Sources panel merged with the environment (app.sourceSettings, read by
// every poller at each run), and the panel's routes. Registered before the domains that read it.
import type { DomainModule } from '../domain-module.js';
import { SourceSettingsRepository } from './source-settings-repository.js';
import { sourceSettingsRoutes } from './source-settings-routes.js';
import { SourceSettingsService } from './source-settings-service.js';
import { SourceSettingsStore } from './source-settings-store.js';
import { TelegramTestMessage } from './telegram-test-message.js';

declare module 'fastify' {
  interface FastifyInstance {
    sourceSettings: SourceSettingsStore;
  }
}

export const sourceSettingsModule: DomainModule = {
  name: 'source-settings',
  async register(app) {
    const store = new SourceSettingsStore(new SourceSettingsRepository(app.db), app.config.settings);
    await store.load();
    const service = new SourceSettingsService(store);
    for (const reason of await service.dropRefusedSaved()) app.log.warn(`a saved source setting is no longer accepted and was removed: ${reason}`);
    app.decorate('sourceSettings', store);
    await app.register(sourceSettingsRoutes, {
      store,
      service,
      // app.keys is decorated by the keys module, registered after this one; it is read at send time.
      testMessage: new TelegramTestMessage({ get: (provider) => app.keys.get(provider) }, () => store.settings()),
    });
  },
};
