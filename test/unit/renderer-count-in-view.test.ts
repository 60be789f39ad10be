// The Layers tab's counts of events, alerts and geofences: what the view holds, points and shapes alike.
import { describe, expect, it } from 'vitest';
import type { Bbox } from '../../renderer/src/api/api-types.js';
import { countInView } from '../../renderer/src/data/count-in-view.js';

const point = (lon: number, lat: number) => ({ geometry: { type: 'Point', coordinates: [lon, lat] } });
const square = (lon: number, lat: number, half = 0.5) => ({
  geometry: { type: 'MultiPolygon', coordinates: [[[[lon - half, lat - half], [lon + half, lat - half], [lon + half, lat + half], [lon - half, lat - half]]]] },
});

describe('countInView', () => {
  const london: Bbox = [-1.5, 51, 1, 52];

  it('counts points inside the view and shapes whose extent meets it, not a fence in Australia', () => {
    expect(countInView([point(-0.1, 51.5), point(151, -33.9)], london)).toBe(1);
    expect(countInView([square(132, -12.5), square(-0.1, 51.5)], london)).toBe(1);
    // Reaching into the view from outside it.
    expect(countInView([square(1.4, 51.5)], london)).toBe(1);
    expect(countInView([{ geometry: null }], london)).toBe(0);
  });

  it('counts everything placed before the view is known', () => {
    expect(countInView([square(132, -12.5), point(151, -33.9), { geometry: null }], null)).toBe(2);
  });

  it('reads a view across the antimeridian (west > east)', () => {
    const pacific: Bbox = [170, -50, -170, -30];
    expect(countInView([point(175, -40), point(-175, -40), point(0, -40)], pacific)).toBe(2);
    expect(countInView([square(-171, -40), square(0, -40)], pacific)).toBe(1);
  });

  it('reads each part of a fence across the antimeridian (stored as two polygons) on its own, not as one world-wide box', () => {
    const part = (west: number, east: number) => [[[west, 60], [east, 60], [east, 65], [west, 60]]];
    const bering = { geometry: { type: 'MultiPolygon', coordinates: [part(175, 180), part(-180, -175)] } };
    // Norway, at the fence's latitudes: one extent of both parts (-180 to 180) counted it there.
    expect(countInView([bering], [5, 58, 25, 66])).toBe(0);
    expect(countInView([bering], [170, 55, 179, 70])).toBe(1);
    expect(countInView([bering], [-179, 55, -170, 70])).toBe(1);
  });
});
