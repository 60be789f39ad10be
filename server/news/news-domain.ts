// The news domain registered with the app: its four jobs, its routes, its health facts, and its stories placed
// on the map as `news` events.
import type { DomainModule } from '../domain-module.js';
import { createNews } from './news-module.js';
import { newsEvents } from './news-events.js';
import { newsRoutes } from './news-routes.js';
import { StoryPlacer } from './story-placer.js';

export const newsModule: DomainModule = {
  name: 'news',
  async register(app) {
    app.eventSources.add(newsEvents);
    const placer = new StoryPlacer({ places: app.placeResolver, publisher: app.eventPublisher, log: app.log });
    const news = createNews({
      db: app.db,
      keys: app.keys,
      settings: app.config.settings,
      currentSettings: () => app.sourceSettings.settings(),
      log: app.log,
      retentionDays: app.config.retentionDays,
      schedulesRun: app.config.schedulesEnabled,
      // Stories about a place the gazetteer knows go on the map (once it is loaded; before that they stay off it).
      onStories: (stories) => (app.gazetteer.progress().state === 'ready' ? placer.place(stories) : Promise.resolve({ placedOnMap: 0, leftOffMap: stories.length })),
    });
    for (const job of news.jobs) app.jobs.register(job);
    app.health.addSection('news', () => news.health());
    await app.register(newsRoutes, news.routes);
  },
};
