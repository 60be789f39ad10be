import { describe, expect, it } from 'vitest';
import { newsRows } from '../../renderer/src/map/news-rows.js';

describe("a news story's popup rows", () => {
  it('names the outlet, when, where and the words that placed it', () => {
    const { title, rows } = newsRows({ title: 'Evacuations west of Redding', feed: 'North Valley Courier', occurredAt: '2026-11-30T10:00:00Z', place: 'Redding, California, United States', mention: 'Redding' });
    expect(title).toBe('Evacuations west of Redding');
    expect(Object.fromEntries(rows)).toMatchObject({ Outlet: 'North Valley Courier', 'Placed at': 'Redding, California, United States', 'Named as': '“Redding”' });
    expect(Object.fromEntries(rows).Published).toMatch(/^30 Nov 2026 10:00 UTC/);
  });

  it('leaves out what is not known (a story opened from what a search knew of it), rather than saying "—"', () => {
    const rows = Object.fromEntries(newsRows({ title: 'A story' }).rows);
    expect(rows).toEqual({ Outlet: null, Published: null, 'Placed at': null, 'Named as': null });
  });
});
