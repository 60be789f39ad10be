// Keys: third-party API keys sealed in the database (app.keys), read by every source at each run.
import type { DomainModule } from '../domain-module.js';
import { ApiKeyRepository } from './api-key-repository.js';
import { KeyCipher } from './key-cipher.js';
import { keyRoutes } from './key-routes.js';
import { KeyService } from './key-service.js';
import { settingsKeySource } from './key-source.js';

declare module 'fastify' {
  interface FastifyInstance {
    keys: KeyService;
  }
}

export const keysModule: DomainModule = {
  name: 'keys',
  async register(app) {
    const keys = new KeyService(new ApiKeyRepository(app.db), new KeyCipher(app.config.dataKey), settingsKeySource(app.config.settings));
    app.decorate('keys', keys);
    await app.register(keyRoutes, { keys });
  },
};
