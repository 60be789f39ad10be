// The scale bar of a picture of the map.
import { describe, expect, it } from 'vitest';
import { metresPerPixel, scaleBar } from '../../renderer/src/map/scale-bar.js';

describe('the picture scale bar', () => {
  it('spans the metres a pixel covers at the latitude and zoom', () => {
    // At the equator, zoom 0: the whole circumference over 512 pixels.
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.5, 0);
    // Halved at 60°, halved again for each zoom level.
    expect(metresPerPixel(60, 1)).toBeCloseTo(78_271.5 / 4, 0);
  });

  it('is the longest round length that fits', () => {
    // 500 m a pixel, 120 pixels at most: 60 km fit, so 50 km, drawn 100 pixels long.
    expect(scaleBar(500, 120)).toEqual({ pixels: 100, label: '50 km' });
    expect(scaleBar(2, 120)).toEqual({ pixels: 100, label: '200 m' });
    expect(scaleBar(10_000, 120)?.label).toBe('1,000 km');
  });

  it('is left out when nothing fits or the scale is unknown', () => {
    expect(scaleBar(0.001, 120)).toBeNull();
    expect(scaleBar(Number.NaN, 120)).toBeNull();
  });
});
