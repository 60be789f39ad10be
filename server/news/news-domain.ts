// The news domain registered with the app: its four jobs, its routes and its health facts.
import type { DomainModule } from '../domain-module.js';
import { createNews } from './news-module.js';
import { newsRoutes } from './news-routes.js';

export const newsModule: DomainModule = {
  name: 'news',
  async register(app) {
    const news = createNews({
      db: app.db,
      keys: app.keys,
      settings: app.config.settings,
      currentSettings: () => app.sourceSettings.settings(),
      log: app.log,
      retentionDays: app.config.retentionDays,
    });
    for (const job of news.jobs) app.jobs.register(job);
    app.health.addSection('news', () => news.health());
    await app.register(newsRoutes, news.routes);
  },
};
