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
    expect(choices.find((choice) => choice.value === 'world')?.label).toBe('world (1,204)');
    expect(choices.find((choice) => choice.value === 'disaster')?.label).toBe('disaster (none)');
    expect(choices.at(-1)).toEqual({ value: 'zz-local', label: 'zz-local (3)' });
    expect(choices).toHaveLength(NEWS_CATEGORIES.length + 2);
  });

  it('names them alone until the counts are read', () => {
    expect(categoryChoices(null).map((choice) => choice.label)).toEqual(['All categories', ...NEWS_CATEGORIES]);
  });
});
