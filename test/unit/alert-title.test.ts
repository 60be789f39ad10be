import { describe, expect, it } from 'vitest';
import { alertTitle } from '../../server/events/alert-title.js';

describe('alertTitle: an alert says when its event happened', () => {
  it('a fire by its detection, a story by its publication, anything else by its time, in UTC', () => {
    const title = 'Fire detection by NOAA-20 at 38.500, -122.700';
    expect(alertTitle({ sourceType: 'fire', title, occurredAt: '2026-11-25T14:02:41.000Z' })).toBe(`${title} · detected 25 Nov 14:02 UTC`);
    expect(alertTitle({ sourceType: 'news', title: 'Evacuations ordered', occurredAt: '2026-01-03T09:05:00Z' })).toBe('Evacuations ordered · published 3 Jan 09:05 UTC');
    expect(alertTitle({ sourceType: 'camera', title: 'Camera', occurredAt: '2026-11-27T23:59:00Z' })).toBe('Camera · at 27 Nov 23:59 UTC');
    expect(alertTitle({ sourceType: 'fire', title, occurredAt: 'not a time' })).toBe(title);
  });
});
