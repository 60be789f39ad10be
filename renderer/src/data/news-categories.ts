// The News tab's category choices with how many stored stories each holds: twelve of thirteen said "No news matches"
// once chosen, with no word that no feed of the list gives them. Pure (`.js` specifiers): unit-tested from Node.

/** The categories the feed list's feeds may carry (resources/feeds.json), in the order offered. */
export const NEWS_CATEGORIES = ['world', 'wire', 'regional', 'defence', 'disaster', 'humanitarian', 'government', 'energy', 'cyber', 'health', 'science', 'technology', 'business'];

export interface CategoryChoice {
  /** '' for all. */
  value: string;
  label: string;
  /** No stored story has it (the counts read): offered apart, after those that have some. */
  empty?: true;
}

/**
 * "All categories", then each category with stories ("world (36)"), then those without ("disaster (none)": after the
 * others, so the dozen a feed list leaves empty do not bury the one that holds the news), any a feed gave that the
 * list does not name among them. `counts` null: not read (yet): the names alone, in the list's order.
 */
export function categoryChoices(counts: ReadonlyArray<{ category: string; stories: number }> | null): CategoryChoice[] {
  const byName = new Map(counts?.map(({ category, stories }) => [category, stories]) ?? []);
  const names = [...NEWS_CATEGORIES, ...[...byName.keys()].filter((name) => !NEWS_CATEGORIES.includes(name)).sort()];
  const all = { value: '', label: 'All categories' };
  if (!counts) return [all, ...names.map((name) => ({ value: name, label: name }))];
  const storiesOf = (name: string) => byName.get(name) ?? 0;
  const held = names.filter((name) => storiesOf(name) > 0).map((name) => ({ value: name, label: `${name} (${storiesOf(name).toLocaleString('en-US')})` }));
  const empty = names.filter((name) => storiesOf(name) === 0).map((name) => ({ value: name, label: `${name} (none)`, empty: true as const }));
  return [all, ...held, ...empty];
}
