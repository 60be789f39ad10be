// What an empty news list says: a search or a category nothing matches, or, asked for everything, that no story has
// come in yet (a fresh install), or that the feeds are out of reach (offline). Pure: unit-tested from Node.
export function newsEmptyText(shown: { q?: string; category?: string }, feedsOutOfReach = false): string {
  if (shown.q || shown.category) return 'No news matches.';
  return feedsOutOfReach
    ? 'No news yet: the news feeds are out of reach (this computer may be offline). Stories come in once they can be read.'
    : 'No news yet: stories come in as the news feeds run (Sources tab).';
}
