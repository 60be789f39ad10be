// Places: the world gazetteer (GeoNames places, Natural Earth boundaries) loaded into PostGIS at first start,
// the search box's GET /api/search, the place the map opens on (GET /api/time-zone-place), the labelled basemap's place tiles, and place resolution for the other
// domains (app.placeResolver: registered before the sources that use it).
import type { DomainModule } from '../domain-module.js';
import { AirportRepository } from './airport-repository.js';
import { AirportSource } from './airport-source.js';
import { GazetteerLoader } from './gazetteer-loader.js';
import { GazetteerRepository } from './gazetteer-repository.js';
import { GazetteerSource } from './gazetteer-source.js';
import { ObjectSearchRepository } from './object-search-repository.js';
import { PlaceResolveRepository } from './place-resolve-repository.js';
import { PlaceResolver } from './place-resolver.js';
import { PlaceSearchRepository } from './place-search-repository.js';
import { PlaceTileQueries } from './place-tile-queries.js';
import { PlaceTileRepository } from './place-tile-repository.js';
import { placeRoutes } from './places-routes.js';
import { readPlacesSettings } from './places-settings.js';
import { SearchService } from './search-service.js';
import { TimeZonePlaces } from './time-zone-place.js';
import { TimeZonePlaceRepository } from './time-zone-place-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loads the gazetteer (started with the workers) and tells how far it got. */
    gazetteer: GazetteerLoader;
    /** Places from words by the gazetteer, offline: camera captions, the place a news story is about. */
    placeResolver: PlaceResolver;
  }
}

export const placesModule: DomainModule = {
  name: 'places',
  async register(app) {
    const airports = new AirportRepository(app.db);
    const gazetteer = new GazetteerLoader(new GazetteerRepository(app.db), new GazetteerSource(), app.log, { repository: airports, source: new AirportSource() });
    // Read at start: a bad value stops the start with the reason.
    if (readPlacesSettings(app.config.settings).load === 'off') gazetteer.switchOff();
    app.decorate('gazetteer', gazetteer);
    app.decorate('placeResolver', new PlaceResolver(new PlaceResolveRepository(app.db)));
    // state loading|ready|failed, records read of total, places and boundaries stored, and the credit GeoNames asks for.
    app.health.addSection('places', async () => gazetteer.progress());
    const search = new SearchService(new PlaceSearchRepository(app.db), new ObjectSearchRepository(app.db), airports, () => gazetteer.progress().state);
    await app.register(placeRoutes, {
      search,
      tiles: new PlaceTileQueries(new PlaceTileRepository(app.db)),
      timeZones: new TimeZonePlaces(new TimeZonePlaceRepository(app.db)),
      gazetteerState: () => gazetteer.progress().state,
    });
  },
  startWorkers(app) {
    const gazetteer = app.gazetteer;
    if (gazetteer.progress().state === 'off') return () => undefined;
    // In the background: the app answers (without places) while the first start loads them.
    gazetteer.ensureLoaded().catch((error: unknown) => app.log.error({ err: error }, 'gazetteer load failed'));
    return () => gazetteer.stop();
  },
};
