import { describe, expect, it } from 'vitest';
import { acresText, incidentResult, newsResult } from '../../server/places/object-results.js';

// The search list names each row's kind itself ("Incident", "News"): the sublabels say what tells rows apart.
describe('search rows of incidents and news', () => {
  it('sizes an incident in whole acres, a burn under an acre as itself', () => {
    expect(acresText(11_042.5)).toBe('11,043 acres');
    expect(acresText(0.01)).toBe('0.01 acres');
    expect(acresText(0.26)).toBe('0.3 acres');
    expect(acresText(1)).toBe('1 acre');
    expect(acresText(0)).toBe('0 acres');
    const row = incidentResult({ id: 'irwin-1', kind: 'wildfire', name: 'CHIMNEY ROCK', state: 'US-TX', sizeAcres: 0.01, latitude: 30, longitude: -98, inView: false });
    expect(row.sublabel).toBe('US-TX · 0.01 acres');
  });

  it('says a prescribed burn or a complex is one; a wildfire, or an incident of no known kind, is only an incident', () => {
    const hit = { id: 'irwin-1', name: 'CHIMNEY ROCK RANCH RX BURN', state: 'US-TX', sizeAcres: 12, latitude: 30, longitude: -98, inView: false };
    expect(incidentResult({ ...hit, kind: 'prescribed' }).sublabel).toBe('Prescribed burn · US-TX · 12 acres');
    expect(incidentResult({ ...hit, kind: 'complex' }).sublabel).toBe('Complex · US-TX · 12 acres');
    expect(incidentResult({ ...hit, kind: null }).sublabel).toBe('US-TX · 12 acres');
  });

  it('gives a story its day and where it is on the map, and no second "News"; one not on the map says what a pick does', () => {
    const unplaced = { latitude: null, longitude: null, place: null };
    const dated = newsResult({ id: 7, title: 'Mosul fire', link: 'https://news.example/7', publishedAt: '2026-11-26T08:00:00Z', ...unplaced });
    expect(dated).toMatchObject({ sublabel: '2026-11-26 · not on the map: opens the article', latitude: null, zoom: null, link: 'https://news.example/7' });
    expect(newsResult({ id: 8, title: 'Undated', link: null, publishedAt: null, ...unplaced }).sublabel).toBe('not on the map · no article link');
    const placed = newsResult({ id: 9, title: 'Ghana says France is open to reparations', link: 'https://news.example/9', publishedAt: '2026-11-30T10:00:00Z', latitude: 48.85, longitude: 2.35, place: 'Paris, France' });
    expect(placed).toMatchObject({ sublabel: '2026-11-30 · Paris, France', latitude: 48.85, longitude: 2.35, zoom: 10, id: '9' });
  });
});
