// The date an article is stored with, and ranked by when a feed is longer than its cap (feed-parser.ts).

/** A date a little ahead (clock skew) is read as the moment the article was seen. */
const FUTURE_TOLERANCE_MS = 15 * 60_000;
/** Further ahead than this, a date is a typo, not skew: the article is stored undated. */
const FUTURE_LIMIT_MS = 24 * 3_600_000;

/** The date an article is stored with: its own, the moment seen for clock skew, null when it has none it can be trusted with. */
export function storedDate(published: Date | null, seenAt: Date): Date | null {
  if (!published) return null;
  const ahead = published.getTime() - seenAt.getTime();
  if (ahead <= FUTURE_TOLERANCE_MS) return published;
  return ahead <= FUTURE_LIMIT_MS ? seenAt : null;
}
