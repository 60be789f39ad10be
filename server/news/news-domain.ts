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
      // Stories about a place the gazetteer knows go on the map. On a first start the gazetteer loads beside the first
      // scrape: its stories wait for the places (they were left off the map for good: 36 of 36 on day one), not for
      // the airports and land after them; with no gazetteer (off, or failed) they stay off it.
      onStories: async (stories) => {
        await app.gazetteer.whenPlacesSettle();
        return app.gazetteer.progress().state === 'ready' ? placer.place(stories) : { placedOnMap: 0, leftOffMap: stories.length };
      },
    });
    for (const job of news.jobs) app.jobs.register(job);
    app.health.addSection('news', () => news.health());
    await app.register(newsRoutes, news.routes);
  },
};
