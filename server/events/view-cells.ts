// A view's boxes split for exact counts over the 1° minute rollup: the whole cells inside a box are summed from the
// rollup, and only what lies in the ring of cells its edges cut is read from the rows themselves, by four strips that
// the geometry index answers. Pure: unit-tested.
import type { Bbox } from '../http/query-params.js';

export interface ViewBox {
  /** [west, south, east, north], west ≤ east. */
  box: Bbox;
  /**
   * The whole cells inside the box, as the cells' own west and south edges: [firstWest, firstSouth, lastWest,
   * lastSouth]; null when no cell lies wholly inside (a view under about two degrees).
   */
  inner: [number, number, number, number] | null;
  /** The strips along the box's edges, each [west, south, east, north]: the box's points outside the whole cells. */
  strips: Bbox[];
}

/** The box or boxes of a view (two across the antimeridian, west > east), each with its whole cells and strips. */
export function viewBoxes(bbox: Bbox): ViewBox[] {
  const [west, south, east, north] = bbox;
  const boxes: Bbox[] = west <= east ? [bbox] : [[west, south, 180, north], [-180, south, east, north]];
  return boxes.map(splitBox);
}

function splitBox(box: Bbox): ViewBox {
  const [west, south, east, north] = box;
  // A cell [x, x + 1) × [y, y + 1) is wholly inside when west ≤ x and x + 1 ≤ east (and alike for latitude). The
  // rollup's cells clamp latitude 90 into the cell of 89 (vantage_grid_cell): a box reaching 90 holds that cell whole.
  const firstWest = Math.ceil(west);
  const lastWest = Math.floor(east) - 1;
  const firstSouth = Math.max(-90, Math.ceil(south));
  const lastSouth = Math.min(89, Math.floor(north) - 1);
  if (firstWest > lastWest || firstSouth > lastSouth) return { box, inner: null, strips: [box] };
  const innerEast = lastWest + 1;
  const innerNorth = lastSouth + 1;
  return {
    box,
    inner: [firstWest, firstSouth, lastWest, lastSouth],
    strips: [
      [west, south, firstWest, north],
      [innerEast, south, east, north],
      [west, south, east, firstSouth],
      [west, innerNorth, east, north],
    ],
  };
}
