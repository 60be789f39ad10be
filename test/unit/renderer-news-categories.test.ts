// The News tab's category choices: how many stories each holds, so a category no feed gives says so before it is chosen.
import { describe, expect, it } from 'vitest';
import { categoryChoices, NEWS_CATEGORIES } from '../../renderer/src/data/news-categories.js';

describe('categoryChoices', () => {
  it('says how many stories each category holds, none where no feed gives it, and adds one the list does not name', () => {
    const choices = categoryChoices([
      { category: 'world', stories: 1204 },
      { category: 'zz-local', stories: 3 },
      { category: 'science', stories: 2 },
    ]);
    expect(choices[0]).toEqual({ value: '', label: 'All categories' });
    // Those with stories first, in the list's order, one it does not name after them; then the empty ones, apart.
    expect(choices.slice(1, 4)).toEqual([
      { value: 'world', label: 'world (1,204)' },
      { value: 'science', label: 'science (2)' },
      { value: 'zz-local', label: 'zz-local (3)' },
    ]);
    expect(choices[4]).toEqual({ value: 'wire', label: 'wire (none)', empty: true });
    expect(choices.find((choice) => choice.value === 'disaster')).toEqual({ value: 'disaster', label: 'disaster (none)', empty: true });
    expect(choices.slice(4).every((choice) => choice.empty)).toBe(true);
    expect(choices).toHaveLength(NEWS_CATEGORIES.length + 2);
  });

  it('names them alone until the counts are read', () => {
    expect(categoryChoices(null).map((choice) => choice.label)).toEqual(['All categories', ...NEWS_CATEGORIES]);
  });
});
