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
    // Stories scraped while the places load are placed once they are in; on close, a placing under way is waited for
    // and one still waiting is dropped (the places settle as the load stops, with the database going).
    const placingNow = new Set<Promise<unknown>>();
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
      await Promise.allSettled([...placingNow]);
    });
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
        if (!app.gazetteer.placesLoading()) return { placedOnMap: 0, leftOffMap: stories.length };
        void app.gazetteer
          .whenPlacesSettle()
          .then(async () => {
            if (closing) return;
            if (!placeable()) {
              app.log.info({ leftOffMap: stories.length }, 'news stories scraped while the places loaded stay off the map: the places did not load');
              return;
            }
            const placing = placer.place(stories);
            placingNow.add(placing);
            try {
              app.log.info(await placing, 'news stories scraped while the places loaded, placed');
            } finally {
              placingNow.delete(placing);
            }
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
