import { describe, expect, it } from 'vitest';
import { newestItems } from '../../../server/news/newest-items.js';

const item = (id: string, date: string | null) => ({ id, publishedAt: date ? new Date(date) : null });
const ids = (items: Array<{ id: string }>) => items.map((entry) => entry.id);

describe('newestItems', () => {
  it('keeps the newest of a feed listed oldest first, in the file\'s order, and counts the rest', () => {
    const oldestFirst = ['01', '02', '03', '04', '05'].map((day) => item(day, `2026-04-${day}T12:00:00Z`));
    const { kept, cut } = newestItems(oldestFirst, 2);
    expect(ids(kept)).toEqual(['04', '05']);
    expect(cut).toBe(3);
  });

  it('puts undated items after dated ones, and keeps the file\'s order among equals', () => {
    const mixed = [item('undated-a', null), item('old', '2026-01-01T00:00:00Z'), item('same-1', '2026-03-01T00:00:00Z'), item('undated-b', null), item('same-2', '2026-03-01T00:00:00Z')];
    expect(ids(newestItems(mixed, 3).kept)).toEqual(['old', 'same-1', 'same-2']);
    expect(ids(newestItems(mixed, 2).kept)).toEqual(['same-1', 'same-2']);
    expect(ids(newestItems(mixed, 4).kept)).toEqual(['undated-a', 'old', 'same-1', 'same-2']);
    expect(ids(newestItems([item('u1', null), item('u2', null), item('u3', null)], 2).kept)).toEqual(['u1', 'u2']);
  });

  it('keeps a feed within the cap whole', () => {
    const few = [item('b', '2026-02-01T00:00:00Z'), item('a', '2026-01-01T00:00:00Z')];
    expect(newestItems(few, 2)).toEqual({ kept: few, cut: 0 });
  });
});
