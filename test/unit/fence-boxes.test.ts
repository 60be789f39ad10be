import { describe, expect, it } from 'vitest';
import { type FenceBox, mayBeInAFence } from '../../server/geofences/fence-boxes.js';

const BOXES: FenceBox[] = [
  [10, 10, 11, 11],
  // A fence across the antimeridian, as its two polygons.
  [170, -20, 180, -10],
  [-180, -20, -170, -10],
];
const point = (coordinates: unknown) => ({ type: 'Point', coordinates });

describe('the first look at objects before a geofence check', () => {
  it('lets through a point in a box, edges included, on either side of the antimeridian', () => {
    expect(mayBeInAFence(point([10.5, 10.5]), BOXES)).toBe(true);
    expect(mayBeInAFence(point([11, 10]), BOXES)).toBe(true);
    expect(mayBeInAFence(point([-175, -15]), BOXES)).toBe(true);
    expect(mayBeInAFence(point([175, -15, 3000]), BOXES)).toBe(true);
  });

  it('keeps back a point in no box', () => {
    expect(mayBeInAFence(point([12, 10.5]), BOXES)).toBe(false);
    expect(mayBeInAFence(point([0, -15]), BOXES)).toBe(false);
    expect(mayBeInAFence(point([10.5, 10.5]), [])).toBe(false);
  });

  it('leaves any other shape, and a point it cannot read, to PostGIS', () => {
    expect(mayBeInAFence({ type: 'LineString', coordinates: [[0, 0], [1, 1]] }, BOXES)).toBe(true);
    expect(mayBeInAFence(point(['10', '10']), BOXES)).toBe(true);
  });
});
