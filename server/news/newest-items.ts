// Which items of a long feed are read: the newest by their own dates, not the first in the file. A feed listed
// oldest first (Reuters' scraped feed lists 2,000 items from the oldest) otherwise lost every recent item to the cap.

/**
 * The `max` newest items, in the file's order: dated items newest first, then undated ones in file order (an undated
 * item could be of any age; a dated one is known to be recent). Ties keep the file's order. `cut` counts the rest.
 */
export function newestItems<T extends { publishedAt: Date | null }>(items: readonly T[], max: number): { kept: T[]; cut: number } {
  if (items.length <= max) return { kept: [...items], cut: 0 };
  const rank = (item: T) => item.publishedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const chosen = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(b.item) - rank(a.item) || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index);
  return { kept: chosen.map(({ item }) => item), cut: items.length - max };
}
