// Events: the JetStream stream sources publish to (app.eventPublisher), the ingester that stores what
// they publish once the server listens, and search and playback over the stored events.
import type { DomainModule } from '../domain-module.js';
import { GeofenceShapeRepository } from '../geofences/geofence-shape-repository.js';
import { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { alertTitle } from './alert-title.js';
import { EventIngester } from './event-ingester.js';
import { EventPublisher } from './event-publisher.js';
import { EventQueries } from './event-queries.js';
import { EventSources } from './event-source.js';
import { eventRoutes } from './event-routes.js';
import { EventSearchRepository } from './event-search-repository.js';
import { EventStoreRepository } from './event-store-repository.js';
import { PlaybackRepository } from './playback-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    eventPublisher: EventPublisher;
    /** Each source domain adds its own (subject, message schema, URL, record) while the app is built. */
    eventSources: EventSources;
  }
}

export const eventsModule: DomainModule = {
  name: 'events',
  async register(app) {
    // The stream and its consumer are declared with the bus (plugins/bus.ts), once, with the configured replicas.
    app.decorate('eventPublisher', new EventPublisher(app.bus.connection));
    app.decorate('eventSources', new EventSources());
    await app.register(eventRoutes, {
      events: new EventQueries(new EventSearchRepository(app.db), new PlaybackRepository(app.db), app.config.maxPlaybackHours, new GeofenceShapeRepository(app.db)),
    });
  },
  startWorkers(app) {
    if (!app.config.ingesterEnabled) return () => undefined;
    const ingester = new EventIngester({
      connection: app.bus.connection,
      db: app.db,
      sources: app.eventSources,
      store: new EventStoreRepository(),
      pipelines: new PipelineStatusRepository(app.db),
      log: app.log,
      announce: (events) => app.liveFeed.announceEvents(events),
      // Every stored event with a place is checked against the geofences. Stored means new (its URL was not stored
      // before): a first sighting, which can enter a fence but never leave one. Its alert says when it happened.
      afterStore: async (events) => {
        const placed = events.filter((event) => event.geometry);
        await app.geofences.checkQuietly(
          placed.map((event) => ({ objectType: event.sourceType, objectId: event.url, title: alertTitle(event), geometry: event.geometry! })),
          { firstSighting: true },
        );
      },
    });
    ingester.start();
    return () => ingester.stop();
  },
};
