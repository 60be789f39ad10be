// What GET /api/aircraft and GET /api/correlations read: aircraft seen within the max age (firefighting
// only when asked), and the aircraft–fire pairs of the last day unless a start is given.
import type { CorrelationRepository, CorrelationRow } from '../correlations/correlation-repository.js';
import type { Bbox } from '../http/query-params.js';
import type { AircraftRepository, AircraftRow } from './aircraft-repository.js';

const DAY_MS = 86_400_000;

export class AircraftQueries {
  constructor(
    private readonly aircraft: AircraftRepository,
    private readonly correlations: CorrelationRepository,
    /** An aircraft not seen for longer is no longer listed (AIRCRAFT_MAX_AGE_SECONDS). */
    private readonly maxAgeSeconds: number,
  ) {}

  find(filter: { bbox?: Bbox; firefightingOnly: boolean; limit: number }): Promise<AircraftRow[]> {
    return this.aircraft.find({ ...filter, seenSince: new Date(Date.now() - this.maxAgeSeconds * 1000) });
  }

  pairs(since: Date | undefined, limit: number): Promise<CorrelationRow[]> {
    return this.correlations.list(since ?? new Date(Date.now() - DAY_MS), limit);
  }
}
