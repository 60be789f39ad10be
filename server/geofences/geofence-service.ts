// Checks new spatial objects against the fences and pushes each alert live.
import { JSONCodec, type NatsConnection } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_ALERTS_SUBJECT } from '../live/live-subjects.js';
import type { Alert, CheckOptions, GeofenceRepository, SpatialObject } from './geofence-repository.js';

const codec = JSONCodec();

export class GeofenceService {
  constructor(
    private readonly geofences: GeofenceRepository,
    private readonly connection: NatsConnection,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `firstSighting`: none of the objects was checked before (see GeofenceRepository.check). */
  async check(objects: readonly SpatialObject[], options: CheckOptions = {}): Promise<Alert[]> {
    const alerts = await this.geofences.check(objects, options);
    for (const alert of alerts) this.connection.publish(LIVE_ALERTS_SUBJECT, codec.encode(alert));
    return alerts;
  }

  /** For callers that must not fail because of the check (ingester, pollers). */
  async checkQuietly(objects: readonly SpatialObject[], options: CheckOptions = {}): Promise<number> {
    try {
      return (await this.check(objects, options)).length;
    } catch (error) {
      this.log.error({ err: error }, 'geofence check failed');
      return 0;
    }
  }
}
