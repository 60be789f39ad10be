// What GET /api/incidents reads: the largest incidents first, inside a box and a geofence when asked for.
import type { GeofenceShapeRepository } from '../geofences/geofence-shape-repository.js';
import type { Bbox } from '../http/query-params.js';
import type { Incident } from './incident-feature.js';
import type { IncidentRepository } from './incident-repository.js';

export class IncidentQueries {
  constructor(
    private readonly incidents: IncidentRepository,
    private readonly fences: GeofenceShapeRepository,
  ) {}

  async find(bbox: Bbox | undefined, limit: number, geofence?: string): Promise<Incident[]> {
    return this.incidents.find(bbox, limit, await this.fences.require(geofence));
  }
}
