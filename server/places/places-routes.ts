// GET /api/search?q=&limit=&view=, GET /api/time-zone-place?timeZone= and GET /api/tiles/places/{z}/{x}/{y}.mvt.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bboxParam, limitParam, wholeNumberParam } from '../http/query-params.js';
import { safeText } from '../http/safe-text.js';
import type { PlaceTileQueries } from './place-tile-queries.js';
import { type GazetteerProgress, placeTile, searchAnswer, timeZonePlaceAnswer } from './places-schemas.js';
import type { SearchService } from './search-service.js';
import { currentZoneName, type TimeZonePlaces } from './time-zone-place.js';

export interface PlaceRoutesOptions {
  search: SearchService;
  tiles: PlaceTileQueries;
  timeZones: TimeZonePlaces;
  /** Where the gazetteer's load stands: until it is ready a tile is (partly) empty and must not be kept. */
  gazetteerState: () => GazetteerProgress['state'];
}

const searchQuery = z
  .object({
    q: safeText().trim().min(1, 'q must not be empty').max(200, 'q must be at most 200 characters'),
    limit: limitParam(10, 50),
    /** The map's view (west,south,east,north): its places come first among equally good matches. */
    view: bboxParam.optional(),
  })
  .strict();

/** A zone the platform's time zone database (ICU) knows: what the browser that reported it knows too. */
function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// An IANA zone name as browsers report it: "Europe/Paris", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC".
const timeZoneQuery = z
  .object({
    timeZone: z
      .string()
      .max(64, 'timeZone must be at most 64 characters')
      .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, 'timeZone must be an IANA time zone name such as Europe/Paris')
      .refine(isKnownTimeZone, 'timeZone names no time zone (IANA names, such as Europe/Paris)'),
  })
  .strict();

// x and y are checked against 2^z by PlaceTileQueries.tile.
const tileParams = z.object({
  z: wholeNumberParam(0, 22),
  x: wholeNumberParam(0, 2 ** 22 - 1),
  y: wholeNumberParam(0, 2 ** 22 - 1),
});

/** Seconds after which the map asks again for a place tile drawn while the gazetteer was loading. */
export const PLACE_TILE_RETRY_SECONDS = 3;

/**
 * How long a place tile holds. The gazetteer changes only with a new package version: once loaded, a browser may keep
 * a tile for an hour. While the first start loads it (~10 s), a tile is empty or partial: the browser must not store
 * it, and its max-age makes the map ask for it again in a few seconds (MapLibre reloads a tile whose max-age has
 * passed), so the view the analyst is looking at gets its names without being moved. Switched off or failed, nothing
 * will come: not stored, not asked for again.
 */
export function placeTileCaching(state: GazetteerProgress['state']): string {
  if (state === 'ready') return 'private, max-age=3600';
  return state === 'pending' || state === 'loading' ? `no-store, max-age=${PLACE_TILE_RETRY_SECONDS}` : 'no-store';
}

export async function placeRoutes(app: FastifyInstance, options: PlaceRoutesOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/search', { schema: { querystring: searchQuery, response: { 200: searchAnswer } } }, async (request) =>
    options.search.search(request.query.q, request.query.limit, request.query.view),
  );

  // The place the map opens on when the address names no view: where this computer's time zone says it is.
  typed.get('/api/time-zone-place', { schema: { querystring: timeZoneQuery, response: { 200: timeZonePlaceAnswer } } }, async (request) => {
    const gazetteer = options.gazetteerState();
    const place = gazetteer === 'ready' ? await options.timeZones.placeOf(request.query.timeZone) : null;
    return { timeZone: request.query.timeZone, zoneName: currentZoneName(request.query.timeZone), place, gazetteer };
  });

  typed.get(
    '/api/tiles/places/:z/:x/:y.mvt',
    { schema: { params: tileParams, querystring: z.object({}).strict(), response: { 200: placeTile } } },
    async (request, reply) => {
      const tile = await options.tiles.tile(request.params.z, request.params.x, request.params.y);
      const caching = placeTileCaching(options.gazetteerState());
      return reply.header('content-type', 'application/vnd.mapbox-vector-tile').header('cache-control', caching).send(tile);
    },
  );
}
