// GET /api/events and GET /api/playback answers.
import { z } from 'zod';
import { bboxTuple, geoJsonGeometry, instant } from '../http/response-schemas.js';
import { EVENT_SOURCE_TYPES } from './event-record.js';

export const eventSourceType = z.enum(EVENT_SOURCE_TYPES);

export const storedEvent = z
  .object({
    id: z.string(),
    sourceType: eventSourceType,
    url: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    geometry: geoJsonGeometry.nullable(),
    occurredAt: instant,
    ingestedAt: instant,
    payload: z.record(z.string(), z.unknown()),
    /** Search rank when `q` was given. */
    rank: z.number().nullable(),
  })
  .meta({ id: 'Event' });
export type StoredEventAnswer = z.infer<typeof storedEvent>;

/** An event as the live socket sends it, the moment it is stored: with the bbox it is fanned out by. */
export const liveEvent = storedEvent.omit({ rank: true }).extend({
  /** [west, south, east, north] of the geometry, for viewport fan-out. */
  bbox: bboxTuple.nullable(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

export const eventPage = z.object({ events: z.array(storedEvent), nextCursor: z.string().nullable() }).meta({ id: 'EventPage' });
export type EventPage = z.infer<typeof eventPage>;

export const playbackBucket = z.object({ minute: instant, source: eventSourceType, count: z.number() });
export const playbackCell = z.object({ cell: z.number(), bbox: bboxTuple, count: z.number() });

export const playbackResult = z
  .object({ from: instant, to: instant, buckets: z.array(playbackBucket), cells: z.array(playbackCell) })
  .meta({ id: 'Playback' });
export type PlaybackResult = z.infer<typeof playbackResult>;
export type PlaybackBucket = z.infer<typeof playbackBucket>;
export type PlaybackCell = z.infer<typeof playbackCell>;
