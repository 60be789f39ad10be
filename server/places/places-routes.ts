// GET /api/search?q=&limit= and GET /api/tiles/places/{z}/{x}/{y}.mvt.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitParam, wholeNumberParam } from '../http/query-params.js';
import { safeText } from '../http/safe-text.js';
import type { PlaceTileQueries } from './place-tile-queries.js';
import { type GazetteerProgress, placeTile, searchAnswer } from './places-schemas.js';
import type { SearchService } from './search-service.js';

export interface PlaceRoutesOptions {
  search: SearchService;
  tiles: PlaceTileQueries;
  /** Where the gazetteer's load stands: until it is ready a tile is (partly) empty and must not be kept. */
  gazetteerState: () => GazetteerProgress['state'];
}

const searchQuery = z
  .object({
    q: safeText().trim().min(1, 'q must not be empty').max(200, 'q must be at most 200 characters'),
    limit: limitParam(10, 50),
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
    options.search.search(request.query.q, request.query.limit),
  );

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
