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
    const row = incidentResult({ id: 'irwin-1', kind: 'wildfire', name: 'CHIMNEY ROCK', state: 'US-TX', sizeAcres: 0.01, latitude: 30, longitude: -98 });
    expect(row.sublabel).toBe('US-TX · 0.01 acres');
  });

  it('says a prescribed burn or a complex is one; a wildfire, or an incident of no known kind, is only an incident', () => {
    const hit = { id: 'irwin-1', name: 'CHIMNEY ROCK RANCH RX BURN', state: 'US-TX', sizeAcres: 12, latitude: 30, longitude: -98 };
    expect(incidentResult({ ...hit, kind: 'prescribed' }).sublabel).toBe('Prescribed burn · US-TX · 12 acres');
    expect(incidentResult({ ...hit, kind: 'complex' }).sublabel).toBe('Complex · US-TX · 12 acres');
    expect(incidentResult({ ...hit, kind: null }).sublabel).toBe('US-TX · 12 acres');
  });

  it('gives a story its day, and no second "News"', () => {
    const dated = newsResult({ id: 7, title: 'Mosul fire', link: 'https://news.example/7', publishedAt: '2026-11-26T08:00:00Z' });
    expect(dated.sublabel).toBe('2026-11-26');
    expect(newsResult({ id: 8, title: 'Undated', link: null, publishedAt: null }).sublabel).toBeNull();
  });
});
