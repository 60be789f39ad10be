// The stored shape of one geofence, for the queries that keep to what lies inside it (the analyst's geofence
// filter): read once per request and passed to the query as a constant, so the planner can use the spatial index.
import type { Database } from '../db/database.js';
import { notFound } from '../domain-errors.js';

const SHAPE = 'SELECT ST_AsEWKB(geom) AS shape FROM geofences WHERE id = $1::bigint';

export class GeofenceShapeRepository {
  constructor(private readonly db: Database) {}

  /** The shape (EWKB) of the geofence of this id; none asked for: null; an unknown id: not found (404). */
  async require(id: string | undefined): Promise<Buffer | null> {
    if (id === undefined) return null;
    const { rows } = await this.db.query<{ shape: Buffer }>(SHAPE, [id]);
    const shape = rows[0]?.shape;
    if (!shape) throw notFound(`geofence ${id} does not exist`);
    return shape;
  }
}
