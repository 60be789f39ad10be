// What GET /api/fires and the fire tiles read: detections of the last day unless a start is given, the
// newest first; a tile only if it exists at its zoom, with at most maxTileFeatures detections. A tile of a
// window that lies wholly in closed hours is kept (FireTileCache) and served again while its data holds.
import { invalidInput } from '../domain-errors.js';
import type { Bbox } from '../http/query-params.js';
import type { FireRepository } from './fire-repository.js';
import { type EncodedTile, encodedTile, FireTileCache } from './fire-tile-cache.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Memory the cached tiles of closed hours may take in one API process. */
export const TILE_CACHE_BYTES = 64 * 1024 * 1024;

export interface FireTileAnswer extends EncodedTile {
  /** The window lies wholly in closed hours: the tile changes only if late detections arrive. */
  closedHours: boolean;
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

  /** The newest detections of the query as the JSON text of a FireList. */
  async findJson(query: { bbox?: Bbox; since?: Date; until?: Date; limit: number }): Promise<string> {
    const { bbox, since, until, limit } = query;
    if (since && until && since > until) throw invalidInput('bad_request', 'since must not be after until');
    return this.fires.findJson({ bbox, since: since ?? new Date(Date.now() - DAY_MS), until, limit });
  }

  /** The Mapbox vector tile z/x/y of the detections in [since, until) (since: the last day by default). */
  async tile(zoom: number, x: number, y: number, window: { since?: Date; until?: Date }): Promise<FireTileAnswer> {
    const size = 2 ** zoom;
    if (x >= size || y >= size) throw invalidInput('bad_request', `tile ${zoom}/${x}/${y} does not exist`);
    const { since, until } = window;
    if (since && until && since > until) throw invalidInput('bad_request', 'since must not be after until');
    // Only an explicit window that ends by the start of the current hour names the same data next time.
    if (!since || !until || until.getTime() > Math.floor(Date.now() / HOUR_MS) * HOUR_MS) {
      const body = await this.fires.tile(zoom, x, y, { since: since ?? new Date(Date.now() - DAY_MS), until }, this.maxTileFeatures);
      return { ...encodedTile(body), closedHours: false };
    }
    const key = `${zoom}/${x}/${y}/${since.getTime()}/${until.getTime()}`;
    const cached = this.tiles.get(key, await this.fires.windowVersion(since, until));
    if (cached) return { ...cached, closedHours: true };
    const drawn = await this.fires.versionedTile(zoom, x, y, { since, until }, this.maxTileFeatures);
    return { ...this.tiles.set(key, drawn.version, drawn.tile), closedHours: true };
  }
}
