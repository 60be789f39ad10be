// Fires: the FIRMS poller, the ingest route, the fire list and tiles; every stored batch refreshes the
// aircraft pairing.
import type { DomainModule } from '../domain-module.js';
import { fireEvents } from './fire-events.js';
import { firePollerJob } from './fire-poller.js';
import { FireChangeFeed } from './fire-change-feed.js';
import { FireQueries, TILE_CACHE_BYTES } from './fire-queries.js';
import { FireRepository } from './fire-repository.js';
import { fireRoutes } from './fire-routes.js';
import { FireTimelineQueries } from './fire-timeline.js';
import { FireService } from './fire-service.js';
import { readFireSettings } from './fire-settings.js';

export const firesModule: DomainModule = {
  name: 'fires',
  async register(app) {
    app.eventSources.add(fireEvents);
    // The settings as the Sources panel and the environment have them now; checked when saved, so they read.
    const settings = () => readFireSettings(app.sourceSettings.settings());
    const fires = new FireRepository(app.db);
    // Which hours of fires changed, from every process on the database: kept tiles answered without a read. A
    // connection per unit of work (DB_NULL_POOL, a transaction pooler in front) cannot LISTEN: versions are read.
    const changes = new FireChangeFeed(app.config.dbNullPool ? null : { databaseUrl: app.config.databaseUrl, log: app.log });
    app.addHook('onReady', async () => void changes.start());
    app.addHook('onClose', async () => changes.stop());
    const queries = new FireQueries(fires, app.config.maxTileFeatures, TILE_CACHE_BYTES, changes);
    const service = new FireService(app.db, fires, app.eventPublisher, settings().dataset, queries);
    const poller = firePollerJob({ service, keys: app.keys, settings });
    app.jobs.register(app.correlations.after(poller));
    // A FIRMS key saved or removed is tried at once (the area API, or back to the keyless files): the Sources tab's
    // fires row then says how the new key did, instead of the last key's outcome until the next run. The runner
    // records the outcome; a run under way already answers busy.
    app.keys.onChange((provider) => {
      if (provider === 'firms') void app.jobs.run('fires').catch((error: unknown) => app.log.warn({ err: error }, 'fires run after a key change failed'));
    });
    // Which mode is on (the keyless global files or the area API) and each file's state.
    app.health.addSection('fires', () => poller.health());
    await app.register(fireRoutes, {
      service,
      queries,
      timeline: new FireTimelineQueries(app.db, fires, app.config.maxPlaybackHours),
      ingestBodyLimitBytes: app.config.ingestBodyLimitBytes,
      afterIngest: async () => void (await app.correlations.refresh()),
    });
  },
};
