// What GET /api/fires and the fire tiles read: detections of the last day unless a start is given, the
// newest first; a tile only if it exists at its zoom, with at most maxTileFeatures detections.
import { invalidInput } from '../domain-errors.js';
import type { Bbox } from '../http/query-params.js';
import type { FireRepository, FireRow } from './fire-repository.js';

const DAY_MS = 86_400_000;

export class FireQueries {
  constructor(
    private readonly fires: FireRepository,
    private readonly maxTileFeatures: number,
  ) {}

  async find(query: { bbox?: Bbox; since?: Date; until?: Date; limit: number }): Promise<FireRow[]> {
    const { bbox, since, until, limit } = query;
    if (since && until && since > until) throw invalidInput('bad_request', 'since must not be after until');
    return this.fires.find({ bbox, since: since ?? new Date(Date.now() - DAY_MS), until, limit });
  }

  /** The Mapbox vector tile z/x/y of the detections since `since` (the last day by default). */
  async tile(zoom: number, x: number, y: number, since: Date | undefined): Promise<Buffer> {
    const size = 2 ** zoom;
    if (x >= size || y >= size) throw invalidInput('bad_request', `tile ${zoom}/${x}/${y} does not exist`);
    return this.fires.tile(zoom, x, y, since ?? new Date(Date.now() - DAY_MS), this.maxTileFeatures);
  }
}
