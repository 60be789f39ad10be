// GET /api/ui-settings: the settings the renderer reads at start (behind the token: a style URL may carry a key).
import type { FastifyInstance } from 'fastify';
import type { UiSettings } from './ui-settings.js';

export async function uiSettingsRoutes(app: FastifyInstance, options: { settings: UiSettings }): Promise<void> {
  app.get('/api/ui-settings', async () => options.settings);
}
