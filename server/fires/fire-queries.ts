// What GET /api/fires, GET /api/fires/count and the fire tiles read: detections of the last day unless a start
// is given, under the analyst's filter, the newest first; a tile only if it exists at its zoom, with at most
// maxTileFeatures detections. A tile of a window that lies wholly in closed hours is kept (FireTileCache) per
// filter and served again while its data holds.
import type { Readable } from 'node:stream';
import { invalidInput, notFound } from '../domain-errors.js';
import type { Bbox } from '../http/query-params.js';
import { type FireFilter, fireFilterKey } from './fire-filter.js';
import type { FireRepository, FireSelection } from './fire-repository.js';
import { type EncodedTile, encodedTile, FireTileCache } from './fire-tile-cache.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Memory the cached tiles of closed hours may take in one API process. */
export const TILE_CACHE_BYTES = 64 * 1024 * 1024;

export interface FireTileAnswer extends EncodedTile {
  /** The window lies wholly in closed hours: the tile changes only if late detections arrive. */
  closedHours: boolean;
}

/** A fire query as the routes parse it: the window and view, and the filter's fields beside them. */
export interface FireRequest extends FireFilter {
  bbox?: Bbox;
  since?: Date;
  until?: Date;
}

/** The filter's own fields of a request (the routes spread them into their query schemas). */
function filterOf(request: FireFilter): FireFilter {
  const { confidence, minFrp, satellites, geofence } = request;
  return { confidence, minFrp, satellites, geofence };
}

/**
 * The window (the last day unless a start is given), the view and the filter of a request, checked: since not
 * after until, and the geofence the filter names stored, its shape read here once. Geofences are never changed
 * and their ids never reused, so a cached tile of a fence stays right for as long as the fence exists. Export
 * reads fires through the same rules.
 */
export async function fireSelection(fires: FireRepository, request: FireRequest): Promise<FireSelection> {
  const { bbox, since, until } = request;
  if (since && until && since > until) throw invalidInput('bad_request', 'since must not be after until');
  const filter = filterOf(request);
  const fence = filter.geofence === undefined ? null : await fires.geofenceShape(filter.geofence);
  if (filter.geofence !== undefined && !fence) throw notFound(`geofence ${filter.geofence} does not exist`);
  return { bbox, since: since ?? new Date(Date.now() - DAY_MS), until, filter, fence };
}

export class FireQueries {
  private readonly tiles: FireTileCache;

  constructor(
    private readonly fires: FireRepository,
    private readonly maxTileFeatures: number,
    tileCacheBytes: number = TILE_CACHE_BYTES,
  ) {
    this.tiles = new FireTileCache(tileCacheBytes);
  }

  /** The newest detections of the query as the JSON text of a FireList, written as PostgreSQL sends them. */
  async streamJson(request: FireRequest & { limit: number }): Promise<Readable> {
    return this.fires.streamJson({ ...(await fireSelection(this.fires, request)), limit: request.limit });
  }

  /** The exact number of detections the query holds (what the list would answer without its limit). */
  async count(request: FireRequest): Promise<number> {
    return this.fires.count(await fireSelection(this.fires, request));
  }

  /** The Mapbox vector tile z/x/y of the detections in [since, until) (since: the last day by default) under the filter. */
  async tile(zoom: number, x: number, y: number, request: Omit<FireRequest, 'bbox'>): Promise<FireTileAnswer> {
    const size = 2 ** zoom;
    if (x >= size || y >= size) throw invalidInput('bad_request', `tile ${zoom}/${x}/${y} does not exist`);
    const { since, until, filter, fence } = await fireSelection(this.fires, request);
    // Only an explicit window that ends by the start of the current hour names the same data next time.
    if (!request.since || !until || until.getTime() > Math.floor(Date.now() / HOUR_MS) * HOUR_MS) {
      const body = await this.fires.tile(zoom, x, y, { since, until, filter, fence }, this.maxTileFeatures);
      return { ...encodedTile(body), closedHours: false };
    }
    const key = `${zoom}/${x}/${y}/${since.getTime()}/${until.getTime()}/${fireFilterKey(filter)}`;
    const cached = this.tiles.get(key, await this.fires.windowVersion(since, until));
    if (cached) return { ...cached, closedHours: true };
    const drawn = await this.fires.versionedTile(zoom, x, y, { since, until, filter, fence }, this.maxTileFeatures);
    return { ...this.tiles.set(key, drawn.version, drawn.tile), closedHours: true };
  }
}
