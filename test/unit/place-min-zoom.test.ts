import { describe, expect, it } from 'vitest';
import { placeMinZoom } from '../../server/places/place-min-zoom.js';

describe('placeMinZoom', () => {
  it('draws a capital of 20,000 people or more from zoom 0; a smaller one from zoom 5 at the latest', () => {
    expect(placeMinZoom(689_545, 'PPLC')).toBe(0); // Washington
    expect(placeMinZoom(60_064, 'PPLC')).toBe(0); // Kuwait City, as GeoNames counts it
    // Dependencies' capitals as GeoNames marks them: Adamstown (Pitcairn), Longyearbyen (Svalbard).
    expect(placeMinZoom(40, 'PPLC')).toBe(5);
    expect(placeMinZoom(2_060, 'PPLC')).toBe(5);
    expect(placeMinZoom(18_326, 'PPLC')).toBe(5); // Nuuk
    expect(placeMinZoom(6_794, 'PPLC')).toBe(5); // Valletta
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
