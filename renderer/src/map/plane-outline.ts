// The aircraft's plan-view silhouette, pointing north, in a 28 px box centred on 0,0: the map's icon (aircraft-icons.ts),
// the legend's and the picture's legend draw this one shape. Pure.

/** Nose, wings, tailplane: readable at 20 px. */
export const PLANE_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [0, -14], [2, -9], [2, -3], [13, 3], [13, 5], [2, 2], [2, 8], [6, 11], [6, 13], [0, 11],
  [-6, 13], [-6, 11], [-2, 8], [-2, 2], [-13, 5], [-13, 3], [-2, -3], [-2, -9],
];
