// The News tab's category choices with how many stored stories each holds: twelve of thirteen said "No news matches"
// once chosen, with no word that no feed of the list gives them. Pure (`.js` specifiers): unit-tested from Node.

/** The categories the feed list's feeds may carry (resources/feeds.json), in the order offered. */
export const NEWS_CATEGORIES = ['world', 'wire', 'regional', 'defence', 'disaster', 'humanitarian', 'government', 'energy', 'cyber', 'health', 'science', 'technology', 'business'];

export interface CategoryChoice {
  /** '' for all. */
  value: string;
  label: string;
}

/**
 * "All categories", then each category with its stories ("world (36)", "disaster (none)"), and any a feed gave that
 * the list does not name, after them. `counts` null: not read (yet): the names alone.
 */
export function categoryChoices(counts: ReadonlyArray<{ category: string; stories: number }> | null): CategoryChoice[] {
  const byName = new Map(counts?.map(({ category, stories }) => [category, stories]) ?? []);
  const names = [...NEWS_CATEGORIES, ...[...byName.keys()].filter((name) => !NEWS_CATEGORIES.includes(name)).sort()];
  const label = (name: string) => {
    if (!counts) return name;
    const stories = byName.get(name) ?? 0;
    return `${name} (${stories === 0 ? 'none' : stories.toLocaleString('en-US')})`;
  };
  return [{ value: '', label: 'All categories' }, ...names.map((name) => ({ value: name, label: label(name) }))];
}
