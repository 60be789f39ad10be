import { describe, expect, it } from 'vitest';
import { viewBoxes } from '../../server/events/view-cells.js';

describe('a view split for exact counts over 1° cells', () => {
  it('keeps the whole cells inside the box for the rollup, and strips along its edges for the rows', () => {
    expect(viewBoxes([-4.3, 41.2, 0.7, 45.6])).toEqual([
      {
        box: [-4.3, 41.2, 0.7, 45.6],
        // Cells from west -4 to west -1 (the last ending at 0), south 42 to south 44 (ending at 45).
        inner: [-4, 42, -1, 44],
        strips: [
          [-4.3, 41.2, -4, 45.6],
          [0, 41.2, 0.7, 45.6],
          [-4.3, 41.2, 0.7, 42],
          [-4.3, 45, 0.7, 45.6],
        ],
      },
    ]);
  });

  it('takes a cell whose edges are the box\'s as whole', () => {
    expect(viewBoxes([-4, 42, 1, 45])[0]?.inner).toEqual([-4, 42, 0, 44]);
  });

  it('reads a view holding no whole cell from the rows alone', () => {
    expect(viewBoxes([-2.4, 43.1, -1.2, 43.9])).toEqual([{ box: [-2.4, 43.1, -1.2, 43.9], inner: null, strips: [[-2.4, 43.1, -1.2, 43.9]] }]);
    expect(viewBoxes([-0.5, 41.5, 0.5, 42.5])[0]?.inner).toBeNull();
  });

  it('splits a view across the antimeridian in two boxes', () => {
    const [east, west] = viewBoxes([176.2, 41.3, -176.7, 45.8]);
    expect(east?.box).toEqual([176.2, 41.3, 180, 45.8]);
    expect(east?.inner).toEqual([177, 42, 179, 44]);
    expect(west?.box).toEqual([-180, 41.3, -176.7, 45.8]);
    expect(west?.inner).toEqual([-180, 42, -178, 44]);
  });

  it('holds the clamped cells at the poles whole: latitude 90 is in the cell of 89', () => {
    expect(viewBoxes([-180, -90, 180, 90])[0]?.inner).toEqual([-180, -90, 179, 89]);
  });
});
