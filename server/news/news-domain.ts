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
      // scrape: its stories are placed once the places are in (they were left off the map for good: 36 of 36 on day
      // one), not after the airports and land, and the run ends without them, so the brief shows the news at once
      // (a run that waited showed none 60 s after a first start on a busy machine). With no gazetteer (off, or
      // failed) they stay off the map.
      onStories: async (stories) => {
        const placeable = () => app.gazetteer.progress().state === 'ready';
        if (placeable()) return placer.place(stories);
        const state = app.gazetteer.progress().state;
        if (state === 'failed' || state === 'off') return { placedOnMap: 0, leftOffMap: stories.length };
        void app.gazetteer
          .whenPlacesSettle()
          .then(async () => {
            const counts = placeable() ? await placer.place(stories) : { placedOnMap: 0, leftOffMap: stories.length };
            app.log.info(counts, 'news stories scraped while the places loaded, placed');
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'news stories scraped while the places loaded could not be placed'));
        return { waitingForPlaces: stories.length };
      },
    });
    for (const job of news.jobs) app.jobs.register(job);
    app.health.addSection('news', () => news.health());
    await app.register(newsRoutes, news.routes);
  },
};
