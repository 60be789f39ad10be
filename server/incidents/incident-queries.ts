// What GET /api/incidents reads: the largest incidents first, inside a box when one is asked for.
import type { Bbox } from '../http/query-params.js';
import type { Incident } from './incident-feature.js';
import type { IncidentRepository } from './incident-repository.js';

export class IncidentQueries {
  constructor(private readonly incidents: IncidentRepository) {}

  find(bbox: Bbox | undefined, limit: number): Promise<Incident[]> {
    return this.incidents.find(bbox, limit);
  }
}
