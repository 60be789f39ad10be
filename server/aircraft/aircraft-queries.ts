// What GET /api/aircraft, GET /api/aircraft/trails and GET /api/correlations read: aircraft seen within the max age
// (firefighting only when asked; at a past minute from the track table), their trails over the last minutes, and
// the aircraft–fire pairs of the last day unless a start is given.
import type { CorrelationRepository, CorrelationRow } from '../correlations/correlation-repository.js';
import type { GeofenceShapeRepository } from '../geofences/geofence-shape-repository.js';
import type { Bbox } from '../http/query-params.js';
import type { AircraftRepository, AircraftRow } from './aircraft-repository.js';
import type { AircraftRecorded } from './aircraft-schemas.js';
import type { AircraftTrackRepository, TrailRow } from './aircraft-track-repository.js';

export const TRAIL_MINUTES_DEFAULT = 30;
export const TRAIL_MINUTES_MAX = 180;
export const TRAIL_POINTS_DEFAULT = 120;
export const TRAIL_POINTS_MAX = 500;
const MINUTE_MS = 60_000;
/** Trails are simplified to about this fraction of the view's width (degrees), or this many degrees without a view. */
const TOLERANCE_PER_VIEW_WIDTH = 1 / 4_000;
const TOLERANCE_WITHOUT_VIEW_DEG = 0.0005;

const DAY_MS = 86_400_000;

export class AircraftQueries {
  constructor(
    private readonly aircraft: AircraftRepository,
    private readonly track: AircraftTrackRepository,
    private readonly correlations: CorrelationRepository,
    /** An aircraft not seen for longer is no longer listed (AIRCRAFT_MAX_AGE_SECONDS). */
    private readonly maxAgeSeconds: number,
    private readonly fences: GeofenceShapeRepository,
  ) {}

  /**
   * Now: the last-known positions. At a past minute: each aircraft's latest position up to the minute's end. Inside
   * a geofence when one is named.
   */
  async find(filter: { bbox?: Bbox; firefightingOnly: boolean; limit: number; at?: Date; geofence?: string }): Promise<AircraftRow[]> {
    const { at, geofence, ...narrowing } = filter;
    const rest = { ...narrowing, fence: await this.fences.require(geofence) };
    if (!at) return this.aircraft.find({ ...rest, seenSince: new Date(Date.now() - this.maxAgeSeconds * 1000) });
    const minuteEnd = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS - 1);
    return this.track.at({ ...rest, at: minuteEnd, seenSince: new Date(minuteEnd.getTime() - this.maxAgeSeconds * 1000) });
  }

  /** Since and until when positions are kept (none before the app's first poll, nor past their retention). */
  /**
   * At a minute (`at`), also whether positions were kept around it: a minute in a gap of the recording (the app
   * closed, the feed unreachable) shows no aircraft, which is not "none flying".
   */
  async recorded(at?: Date): Promise<AircraftRecorded> {
    const span = await this.track.recordedSpan();
    const answer = { from: span.from?.toISOString() ?? null, to: span.to?.toISOString() ?? null };
    if (!at) return answer;
    const minuteEnd = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS - 1);
    const { before, after } = await this.track.nearest(minuteEnd);
    // The aircraft of a minute are those seen within the max age before its end (find's seenSince).
    const kept = before !== null && before.getTime() >= minuteEnd.getTime() - this.maxAgeSeconds * 1000;
    return { ...answer, gap: kept ? null : { from: before?.toISOString() ?? null, to: after?.toISOString() ?? null } };
  }

  /** The trails of the aircraft in view over the `minutes` before `at` (or now). */
  trails(filter: { bbox?: Bbox; minutes: number; at?: Date; points: number; limit: number }): Promise<TrailRow[]> {
    const until = filter.at ? new Date(Math.floor(filter.at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS - 1) : new Date();
    const width = filter.bbox ? (filter.bbox[2] - filter.bbox[0] + 360) % 360 || 360 : null;
    return this.track.trails({
      bbox: filter.bbox,
      from: new Date(until.getTime() - filter.minutes * MINUTE_MS),
      until,
      maxPoints: filter.points,
      toleranceDeg: width === null ? TOLERANCE_WITHOUT_VIEW_DEG : width * TOLERANCE_PER_VIEW_WIDTH,
      limit: filter.limit,
    });
  }

  pairs(since: Date | undefined, limit: number): Promise<CorrelationRow[]> {
    return this.correlations.list(since ?? new Date(Date.now() - DAY_MS), limit);
  }
}
