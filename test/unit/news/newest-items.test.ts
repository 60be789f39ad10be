import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../server/news/newest-items.js';

const item = (id: string, date: string | null) => ({ id, publishedAt: date ? new Date(date) : null });
const order = (items: Array<{ id: string; publishedAt: Date | null }>) => newestFirst(items, (entry) => entry.publishedAt).map((index) => items[index]!.id);

describe('newestFirst', () => {
  it('ranks a feed listed oldest first from its end', () => {
    const oldestFirst = ['01', '02', '03', '04', '05'].map((day) => item(day, `2026-04-${day}T12:00:00Z`));
    expect(order(oldestFirst)).toEqual(['05', '04', '03', '02', '01']);
  });

  it('puts undated items after dated ones, and keeps the file\'s order among equals', () => {
    const mixed = [item('undated-a', null), item('old', '2026-01-01T00:00:00Z'), item('same-1', '2026-03-01T00:00:00Z'), item('undated-b', null), item('same-2', '2026-03-01T00:00:00Z')];
    expect(order(mixed)).toEqual(['same-1', 'same-2', 'old', 'undated-a', 'undated-b']);
    expect(order([item('u1', null), item('u2', null), item('u3', null)])).toEqual(['u1', 'u2', 'u3']);
  });
});
