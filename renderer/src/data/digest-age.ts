// A brief slot's digest says its age beside the slot's title once it is older than the slot's name promises: "Last
// hour" over a digest written five hours before (no new story came since, so none was written) read as this hour's.
// Pure (`.js` specifiers): unit-tested from Node.
import { formatAge, toDate } from '../format/time-format.js';
import { HOUR_MS, MINUTE_MS } from './time-windows.js';

export type DigestKind = 'hourly' | 'analyst' | 'daily_recap';

/** How long each kind stays what its slot says: an hour's digest (written at :05) until the next is due and a margin,
 * the analyst note (every 15 min) a few turns, the daily recap (23:00 New York) a day and its margin. */
export const DIGEST_FRESH_MS: Record<DigestKind, number> = { hourly: 90 * MINUTE_MS, analyst: 45 * MINUTE_MS, daily_recap: 26 * HOUR_MS };

/** "written 5 h ago" when the digest is older than its kind stays fresh; null while fresh, or with no time. */
export function staleDigestWords(kind: DigestKind, createdAt: string | null | undefined, now: number): string | null {
  const created = toDate(createdAt);
  if (!created) return null;
  const age = now - created.getTime();
  return age > DIGEST_FRESH_MS[kind] ? `written ${formatAge(Math.round(age / 1000))}` : null;
}
