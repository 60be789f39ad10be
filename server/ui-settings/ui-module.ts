// The renderer: its built files at `/` (CSP opened to https only with an online map style) and the
// settings it reads at start.
import type { DomainModule } from '../domain-module.js';
import rendererStatic from '../plugins/renderer-static.js';
import { readUiSettings } from './ui-settings.js';
import { uiSettingsRoutes } from './ui-settings-routes.js';

export const uiModule: DomainModule = {
  name: 'ui',
  async register(app) {
    readUiSettings(app.config.settings); // a bad MAP_STYLE_URL in the environment stops the start, with the reason
    // MAP_STYLE_URL as the Sources panel and the environment have it now (checked when saved).
    const settings = () => readUiSettings(app.sourceSettings.settings());
    const { rendererDir } = app.config;
    await app.register(rendererStatic, { ...(rendererDir ? { rendererDir } : {}), onlineMapStyle: () => settings().mapStyleUrl !== null });
    await app.register(uiSettingsRoutes, { settings });
  },
};
