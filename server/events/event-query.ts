// Query parameters of GET /api/events, and its keyset cursor.
import { z } from 'zod';
import { bboxParam, bigintIdText, cursorInstant, cursorParam, cursorRank, geofenceIdParam, instantParam, limitParam, windowEndParam } from '../http/query-params.js';
import { safeText } from '../http/safe-text.js';
import { EVENT_SOURCE_TYPES } from './event-record.js';

export const sourceListParam = z
  .string()
  .max(200)
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.enum(EVENT_SOURCE_TYPES)).min(1));

export const eventSearchQuery = z
  .object({
    q: safeText().trim().min(1).max(500).optional(),
    bbox: bboxParam.optional(),
    since: instantParam.optional(),
    until: windowEndParam.optional(),
    source: sourceListParam.optional(),
    /** Only events placed inside this geofence (its id); an unknown id answers 404. */
    geofence: geofenceIdParam.optional(),
    limit: limitParam(50, 500),
    // Decoded here too, so a forged cursor is refused with the other query errors (the route decodes it again).
    cursor: cursorParam.refine((value) => decodeCursor(value) !== null, 'invalid cursor').optional(),
  })
  .strict()
  .refine((query) => !query.since || !query.until || query.since <= query.until, {
    message: 'since must not be after until',
    path: ['since'],
  });

export type EventSearchQuery = z.infer<typeof eventSearchQuery>;

/** Position after the last row of a page: rank (when searching text), occurred_at, id. */
export interface EventCursor {
  rank: number | null;
  occurredAt: string;
  id: string;
}

// Decoded from client input: every field bounded so that a forged cursor is refused here, not by a cast in SQL.
const cursorShape = z
  .object({
    rank: cursorRank.nullable(),
    occurredAt: cursorInstant,
    id: bigintIdText,
  })
  .strict();

export function encodeCursor(cursor: EventCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(value: string): EventCursor | null {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
