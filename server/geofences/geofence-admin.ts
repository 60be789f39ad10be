// The geofences the user keeps and the alerts they raised: list, create (only a geometry PostGIS finds
// valid, under a name no other fence has), rename, delete (a missing fence is not found), and the alerts of the last week unless a start is given.
// Checking objects against the fences is GeofenceService's job.
import { conflict, invalidInput, notFound } from '../domain-errors.js';
import type { GeofenceBody } from './geofence-input.js';
import { type Alert, type Geofence, GeofenceNameTaken, type GeofenceRepository, type GeometryValidity } from './geofence-repository.js';

const WEEK_MS = 7 * 86_400_000;

/**
 * Why a shape is refused, in the analyst's words: a crossing outline (corners clicked out of order) says where it
 * crosses, not PostGIS's "Self-intersection[-119.566718203125 36.1349566231732]".
 */
export function invalidShapeMessage(validity: GeometryValidity): string {
  const { reason, latitude, longitude } = validity;
  if (/^(Self-intersection|Ring Self-intersection)/i.test(reason) && latitude !== null && longitude !== null) {
    const where = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}, ${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
    return `geometry is not valid: the outline crosses itself near ${where}; place the corners in order around the area, or draw it again`;
  }
  return `geometry is not valid: ${reason.replace(/\[[^\]]*\]$/, '')}`;
}

const nameTaken = (name: string) => conflict('geofence_name_taken', `a geofence named “${name}” already exists: choose another name`, { name });

export class GeofenceAdmin {
  constructor(private readonly geofences: GeofenceRepository) {}

  list(): Promise<Geofence[]> {
    return this.geofences.list();
  }

  async create(fence: GeofenceBody): Promise<Geofence> {
    const validity = await this.geofences.validity(fence.geometry);
    if (!validity.valid) throw invalidInput('bad_request', invalidShapeMessage(validity));
    const created = await this.geofences.create(fence.name, fence.geometry);
    // Two fences of one name could not be told apart in the list, the filter or their alerts.
    if (!created) throw nameTaken(fence.name);
    return created;
  }

  /** A new name for a fence (its alerts follow it); a name another fence has is refused, as at creation. */
  async rename(id: string, name: string): Promise<Geofence> {
    let renamed;
    try {
      renamed = await this.geofences.rename(id, name);
    } catch (error) {
      if (error instanceof GeofenceNameTaken) throw nameTaken(name);
      throw error;
    }
    if (!renamed) throw notFound(`no geofence ${id}`);
    return renamed;
  }

  async delete(id: string): Promise<void> {
    if (!(await this.geofences.delete(id))) throw notFound(`no geofence ${id}`);
  }

  alerts(filter: { since?: Date; geofenceId?: string; limit: number }): Promise<Alert[]> {
    return this.geofences.alerts({ since: filter.since ?? new Date(Date.now() - WEEK_MS), geofenceId: filter.geofenceId, limit: filter.limit });
  }
}
