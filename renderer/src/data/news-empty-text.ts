// What an empty news list says: a search or a category nothing matches, or, asked for everything, that no story has
// come in yet (a fresh install, or one offline). Pure: unit-tested from Node.
export function newsEmptyText(shown: { q?: string; category?: string }): string {
  return shown.q || shown.category ? 'No news matches.' : 'No news yet: stories come in as the news feeds run (Sources tab).';
}
