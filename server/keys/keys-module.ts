// Keys: third-party API keys sealed in the database (app.keys), read by every source at each run.
import type { DomainModule } from '../domain-module.js';
import { FIRMS_DEFAULT_URL } from '../fires/fire-settings.js';
import { TELEGRAM_DEFAULT_URL } from '../geofences/telegram-notifier.js';
import { ANTHROPIC_DEFAULT_URL, OPENAI_DEFAULT_URL } from '../news/news-settings.js';
import { ApiKeyRepository } from './api-key-repository.js';
import { KeyCipher } from './key-cipher.js';
import { keyRoutes } from './key-routes.js';
import { KeyService } from './key-service.js';
import { settingsKeySource } from './key-source.js';
import { KeyTester } from './key-tester.js';

declare module 'fastify' {
  interface FastifyInstance {
    keys: KeyService;
  }
}

export const keysModule: DomainModule = {
  name: 'keys',
  async register(app) {
    // Read at each use: the Sources panel may change the chat id or the model server while the app runs.
    const setting = (name: string) => app.sourceSettings.settings()[name]?.trim() || null;
    const keys = new KeyService(new ApiKeyRepository(app.db), new KeyCipher(app.config.dataKey), settingsKeySource(app.config.settings), {
      telegramChatId: () => setting('TELEGRAM_CHAT_ID'),
    });
    const tester = new KeyTester(keys, {
      firmsUrl: setting('FIRE_API_URL') ?? FIRMS_DEFAULT_URL,
      get llmBaseUrl() {
        return setting('LLM_BASE_URL');
      },
      get llmProvider() {
        const provider = setting('LLM_PROVIDER');
        return provider === 'openai' || provider === 'anthropic' ? provider : null;
      },
      openaiUrl: OPENAI_DEFAULT_URL,
      anthropicUrl: ANTHROPIC_DEFAULT_URL,
      telegramUrl: setting('TELEGRAM_API_URL') ?? TELEGRAM_DEFAULT_URL,
      get telegramChatId() {
        return setting('TELEGRAM_CHAT_ID');
      },
    });
    app.decorate('keys', keys);
    await app.register(keyRoutes, { keys, tester });
  },
};
