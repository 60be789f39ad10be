import { describe, expect, it } from 'vitest';
import { placeMinZoom } from '../../server/places/place-min-zoom.js';

describe('placeMinZoom', () => {
  it('draws a capital of 100,000 people or more from zoom 0; a smaller one from zoom 5 at the latest', () => {
    expect(placeMinZoom(689_545, 'PPLC')).toBe(0); // Washington
    expect(placeMinZoom(118_918, 'PPLC')).toBe(0); // Reykjavík
    // Dependencies' capitals as GeoNames marks them: Adamstown (Pitcairn), Longyearbyen (Svalbard).
    expect(placeMinZoom(40, 'PPLC')).toBe(5);
    expect(placeMinZoom(2_060, 'PPLC')).toBe(5);
    expect(placeMinZoom(93_060, 'PPLC')).toBe(5); // Nouméa
  });

  it('draws a big city before a small capital: New York from zoom 0', () => {
    expect(placeMinZoom(8_804_190, 'PPL')).toBe(0);
    expect(placeMinZoom(1_500_000, 'PPL')).toBe(3);
    expect(placeMinZoom(40_000, 'PPL')).toBe(6);
  });

  it('draws the seat of a state or province from zoom 5 at the latest, and any town close enough', () => {
    expect(placeMinZoom(25_000, 'PPLA')).toBe(5);
    expect(placeMinZoom(400_000, 'PPLA')).toBe(4);
    expect(placeMinZoom(800, 'PPL')).toBe(10);
  });
});
