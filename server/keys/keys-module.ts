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
    const { settings } = app.config;
    const setting = (name: string) => settings[name]?.trim() || null;
    const telegramChatId = setting('TELEGRAM_CHAT_ID');
    const keys = new KeyService(new ApiKeyRepository(app.db), new KeyCipher(app.config.dataKey), settingsKeySource(settings), { telegramChatId });
    const llmProvider = setting('LLM_PROVIDER');
    const tester = new KeyTester(keys, {
      firmsUrl: setting('FIRE_API_URL') ?? FIRMS_DEFAULT_URL,
      llmBaseUrl: setting('LLM_BASE_URL'),
      llmProvider: llmProvider === 'openai' || llmProvider === 'anthropic' ? llmProvider : null,
      openaiUrl: OPENAI_DEFAULT_URL,
      anthropicUrl: ANTHROPIC_DEFAULT_URL,
      telegramUrl: setting('TELEGRAM_API_URL') ?? TELEGRAM_DEFAULT_URL,
      telegramChatId,
    });
    app.decorate('keys', keys);
    await app.register(keyRoutes, { keys, tester });
  },
};
