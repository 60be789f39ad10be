import { describe, expect, it } from 'vitest';
import { pictureLegend } from '../../renderer/src/map/legend-entries.js';

describe('pictureLegend: the legend beside a picture of the map', () => {
  it('names only the shown layers that draw something in the picture, in their order', () => {
    const drawn = new Set(['fires', 'aircraft']);
    const sections = pictureLegend(['fires', 'incidents', 'aircraft', 'cameras', 'alerts'], (key) => drawn.has(key), 'last 24 h', false);
    expect(sections.map((section) => section.title)).toEqual(['Fires', 'Aircraft']);
    // The marks of this session on screen stay out of a picture; the playback cells only in playback.
    expect(sections[0]?.entries.some((entry) => entry.text.startsWith('White ring'))).toBe(false);
    expect(sections[0]?.entries.some((entry) => entry.text.startsWith('In playback'))).toBe(false);
    expect(pictureLegend(['fires'], () => true, 'last 24 h', true)[0]?.entries.some((entry) => entry.text.startsWith('In playback'))).toBe(true);
  });

  it('says so when none of the shown layers draws anything there', () => {
    expect(pictureLegend(['fires', 'cameras'], () => false, 'last 24 h', false)).toEqual([
      { title: 'Legend', entries: [{ symbol: null, text: 'None of the layers shown draws anything in this view.' }] },
    ]);
  });
});
