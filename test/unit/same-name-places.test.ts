import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../server/places/places-schemas.js';
import { placesToldApart } from '../../server/places/same-name-places.js';

const place = (label: string, sublabel: string | null, latitude: number, longitude: number): SearchResult => ({
  kind: 'place',
  label,
  sublabel,
  latitude,
  longitude,
  bbox: null,
  zoom: 12,
  id: `${label}${latitude}`,
  link: null,
});

describe('places of one name in one state', () => {
  it('are told apart by where they lie; a name of its own, or another kind of result, is left as it is', () => {
    const results: SearchResult[] = [
      place('Lisbon', 'Lisbon, Portugal', 38.72, -9.13),
      place('Lisbon', 'Ohio, United States', 40.7723, -80.768),
      place('Lisbon', 'Ohio, United States', -0.5, 0.25),
      { ...place('Lisbon', 'Ohio, United States', 1, 1), kind: 'incident' },
    ];
    expect(placesToldApart(results).map((result) => result.sublabel)).toEqual([
      'Lisbon, Portugal',
      'Ohio, United States · 40.77° N, 80.77° W',
      'Ohio, United States · 0.50° S, 0.25° E',
      'Ohio, United States',
    ]);
  });
});
