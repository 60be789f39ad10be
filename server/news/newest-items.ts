// Which items of a long feed are read: the newest by their own dates, not the first in the file. A feed listed
// oldest first (Reuters' scraped feed lists 2,000 items from the oldest) otherwise lost every recent item to the cap.

/**
 * The items' indexes, newest first: dated items by their date, then undated ones in file order (an undated item could
 * be of any age). Ties keep the file's order. `dateOf` gives the date an item would be stored with.
 */
export function newestFirst<T>(items: readonly T[], dateOf: (item: T) => Date | null): number[] {
  const rank = items.map((item) => dateOf(item)?.getTime() ?? Number.NEGATIVE_INFINITY);
  return items.map((_, index) => index).sort((a, b) => rank[b]! - rank[a]! || a - b);
}
