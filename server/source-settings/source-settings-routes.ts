// GET /api/sources, PUT /api/sources/settings, POST /api/sources/telegram/test-message — the Sources panel.
// "Run now" is POST /api/jobs/:name with the row's job.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SourceSettingsService } from './source-settings-service.js';
import { sourceList, sourceSettingsSaved, sourceSettingsUpdate, telegramTestResult } from './source-settings-schemas.js';
import type { SourceSettingsStore } from './source-settings-store.js';
import { describeSources, settingRow } from './source-status.js';
import type { TelegramTestMessage } from './telegram-test-message.js';

export interface SourceSettingsRoutesOptions {
  store: SourceSettingsStore;
  service: SourceSettingsService;
  testMessage: TelegramTestMessage;
}

export async function sourceSettingsRoutes(app: FastifyInstance, options: SourceSettingsRoutesOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/sources', { schema: { response: { 200: sourceList } } }, async () => {
    const [report, keys] = await Promise.all([app.health.report(), app.keys.list()]);
    return { sources: describeSources({ report, keys, settings: options.store.describeAll(), jobs: app.jobs.names() }) };
  });
  typed.put('/api/sources/settings', { schema: { body: sourceSettingsUpdate, response: { 200: sourceSettingsSaved } } }, async (request) => {
    const settings = await options.service.update(request.body);
    return { settings: settings.map(settingRow) };
  });
  typed.post('/api/sources/telegram/test-message', { schema: { response: { 200: telegramTestResult } } }, async () => options.testMessage.send());
}
