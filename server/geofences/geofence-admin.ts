// The geofences the user keeps and the alerts they raised: list, create (only a geometry PostGIS finds
// valid), delete (a missing fence is not found), and the alerts of the last week unless a start is given.
// Checking objects against the fences is GeofenceService's job.
import { invalidInput, notFound } from '../domain-errors.js';
import type { GeofenceBody } from './geofence-input.js';
import type { Alert, Geofence, GeofenceRepository } from './geofence-repository.js';

const WEEK_MS = 7 * 86_400_000;

export class GeofenceAdmin {
  constructor(private readonly geofences: GeofenceRepository) {}

  list(): Promise<Geofence[]> {
    return this.geofences.list();
  }

  async create(fence: GeofenceBody): Promise<Geofence> {
    const validity = await this.geofences.validity(fence.geometry);
    if (!validity.valid) throw invalidInput('bad_request', `geometry is not valid: ${validity.reason}`);
    return this.geofences.create(fence.name, fence.geometry);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.geofences.delete(id))) throw notFound(`no geofence ${id}`);
  }

  alerts(filter: { since?: Date; geofenceId?: string; limit: number }): Promise<Alert[]> {
    return this.geofences.alerts({ since: filter.since ?? new Date(Date.now() - WEEK_MS), geofenceId: filter.geofenceId, limit: filter.limit });
  }
}
