// Query parameters of GET /api/news and GET /api/news/summaries, and the news keyset cursor.
import { z } from 'zod';
import { bigintIdText, cursorInstant, cursorParam, cursorRank, instantParam, limitParam } from '../http/query-params.js';
import { safeText } from '../http/safe-text.js';

export const SUMMARY_KINDS = ['hourly', 'analyst', 'daily_recap'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];

export const newsSearchQuery = z
  .object({
    q: safeText().trim().min(1).max(500).optional(),
    since: instantParam.optional(),
    category: z.string().regex(/^[a-z][a-z-]{0,39}$/, 'category is a lower-case word such as defence or disaster').optional(),
    limit: limitParam(50, 200),
    /** With `q`: best match first (the default), or the matches newest first. Without `q` the list is newest first. */
    sort: z.enum(['best', 'newest']).default('best'),
    // Decoded here too, so a forged cursor is refused with the other query errors (NewsQueries decodes it again).
    cursor: cursorParam.refine((value) => decodeNewsCursor(value) !== null, 'invalid cursor').optional(),
  })
  .strict();

export const summaryListQuery = z
  .object({
    kind: z.enum(SUMMARY_KINDS).optional(),
    since: instantParam.optional(),
    limit: limitParam(20, 200),
  })
  .strict();

/** Position after the last row of a page: rank (when ranked by text match), published_at (null: undated), id. */
export interface NewsCursor {
  rank: number | null;
  publishedAt: string | null;
  id: string;
}

// Decoded from client input: every field bounded so that a forged cursor is refused here, not by a cast in SQL.
const cursorShape = z
  .object({
    rank: cursorRank.nullable(),
    publishedAt: cursorInstant.nullable(),
    id: bigintIdText,
  })
  .strict();

export function encodeNewsCursor(cursor: NewsCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeNewsCursor(value: string): NewsCursor | null {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
