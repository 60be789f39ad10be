import { describe, expect, it } from 'vitest';
import { legendEntries, pictureLegend } from '../../renderer/src/map/legend-entries.js';

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

  it('lists what the filter leaves drawn: the confidence levels chosen, no "Other aircraft" with firefighting ones only', () => {
    const texts = (key: 'fires' | 'aircraft', narrowing: { confidence: Array<'low' | 'nominal' | 'high'>; firefightingOnly: boolean }) =>
      legendEntries(key, 'last 24 h', narrowing).map((entry) => entry.text);
    expect(texts('fires', { confidence: [], firefightingOnly: false }).filter((text) => text.includes('onfidence'))).toHaveLength(3);
    const high = texts('fires', { confidence: ['high'], firefightingOnly: false });
    expect(high.filter((text) => text.includes('onfidence'))).toEqual(['High confidence (VIIRS high, MODIS ≥ 80 %)']);
    expect(texts('aircraft', { confidence: [], firefightingOnly: true })).not.toContain('Other aircraft');
    expect(texts('aircraft', { confidence: [], firefightingOnly: false })).toContain('Other aircraft');
    const picture = pictureLegend(['fires'], () => true, 'last 24 h', false, { confidence: ['low', 'nominal'], firefightingOnly: false });
    expect(picture[0]?.entries.map((entry) => entry.text)).not.toContain('High confidence (VIIRS high, MODIS ≥ 80 %)');
  });

  it('tells a news story (a green square) from the other events (grey dots), whose entry no longer names news', () => {
    const [news, other] = legendEntries('events', 'last 24 h');
    expect(news).toMatchObject({ symbol: { shape: 'square' }, text: 'News story, at the place it is about' });
    expect(other?.symbol).toMatchObject({ shape: 'dot' });
    expect(other?.text).not.toContain('news');
  });

  it('says so when none of the shown layers draws anything there', () => {
    expect(pictureLegend(['fires', 'cameras'], () => false, 'last 24 h', false)).toEqual([
      { title: 'Legend', entries: [{ symbol: null, text: 'None of the layers shown draws anything in this view.' }] },
    ]);
  });
});
