// What GET /api/events and GET /api/playback read. Events come a page at a time: a full page carries
// the cursor of its last event, and a cursor is only good for the kind of query that made it (ranked by
// text match with q, by date without), inside a geofence when one is named. Playback is minute counts over a range
// no longer than the limit.
import { invalidInput } from '../domain-errors.js';
import type { GeofenceShapeRepository } from '../geofences/geofence-shape-repository.js';
import type { Bbox } from '../http/query-params.js';
import { decodeCursor, encodeCursor } from './event-query.js';
import type { EventSourceType } from './event-record.js';
import type { EventPage, PlaybackResult } from './event-schemas.js';
import type { EventSearchFilter, EventSearchRepository } from './event-search-repository.js';
import type { PlaybackRepository } from './playback-repository.js';

export type EventPageQuery = Omit<EventSearchFilter, 'after' | 'fence'> & {
  /** From the last page's nextCursor. */
  cursor?: string;
  /** A geofence's id: only the events placed inside it (an unknown id answers 404). */
  geofence?: string;
};

export class EventQueries {
  constructor(
    private readonly search: EventSearchRepository,
    private readonly playbackRepository: PlaybackRepository,
    private readonly maxPlaybackHours: number,
    private readonly fences: GeofenceShapeRepository,
  ) {}

  async page(query: EventPageQuery): Promise<EventPage> {
    const { cursor, geofence, ...filter } = query;
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (after === null) throw invalidInput('bad_request', 'invalid cursor');
    if (after && (after.rank === null) !== (filter.q === undefined)) throw invalidInput('bad_request', 'cursor belongs to a different query');
    const events = await this.search.search({ ...filter, after, fence: await this.fences.require(geofence) });
    const last = events.at(-1);
    const nextCursor = events.length === filter.limit && last ? encodeCursor({ rank: last.rank, occurredAt: last.occurredAt, id: last.id }) : null;
    return { events, nextCursor };
  }

  async playback(range: { from: Date; to: Date; bbox?: Bbox; sources?: EventSourceType[] }): Promise<PlaybackResult> {
    const { from, to } = range;
    if (from >= to) throw invalidInput('bad_request', 'from must be before to');
    const hours = (to.getTime() - from.getTime()) / 3_600_000;
    if (hours > this.maxPlaybackHours) throw invalidInput('bad_request', `range is ${hours.toFixed(1)} h; the maximum is ${this.maxPlaybackHours} h`);
    const result = await this.playbackRepository.read(range);
    return { from: from.toISOString(), to: to.toISOString(), ...result };
  }
}
