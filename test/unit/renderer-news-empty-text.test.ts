import { describe, expect, it } from 'vitest';
import { newsEmptyText } from '../../renderer/src/data/news-empty-text.js';

describe('an empty news list', () => {
  it('says nothing matches a search or a category, and that no story came yet when everything was asked for', () => {
    expect(newsEmptyText({ q: 'lahar' })).toBe('No news matches.');
    expect(newsEmptyText({ q: 'lahar' }, true)).toBe('No news matches.');
    expect(newsEmptyText({}, true)).toBe('No news yet: the news feeds are out of reach (this computer may be offline). Stories come in once they can be read.');
    expect(newsEmptyText({ category: 'cyber' })).toBe('No news matches.');
    expect(newsEmptyText({})).toMatch(/^No news yet: .*Sources tab/);
    expect(newsEmptyText({ q: '', category: '' })).toMatch(/^No news yet/);
  });
});
