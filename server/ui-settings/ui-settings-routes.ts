// GET /api/ui-settings: the settings the renderer reads at start, as in effect now (behind the token: a style URL may carry a key).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uiSettings, type UiSettings } from './ui-settings.js';

export async function uiSettingsRoutes(app: FastifyInstance, options: { settings: () => UiSettings }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/ui-settings', { schema: { response: { 200: uiSettings } } }, async () => options.settings());
}
