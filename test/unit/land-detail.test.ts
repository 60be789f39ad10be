import { describe, expect, it } from 'vitest';
import { LAND_DETAIL_MIN_ZOOM as SERVED_FROM, placeTileRules } from '../../server/places/place-tile-queries.js';
import { LAND_DETAIL_MIN_ZOOM as DRAWN_FROM, landDetailLoaded } from '../../renderer/src/map/land-detail.js';

describe("the basemap's land at 1:10m", () => {
  it('is drawn from the zoom the place tiles carry it from, and not before', () => {
    expect(DRAWN_FROM).toBe(SERVED_FROM);
    expect(placeTileRules(SERVED_FROM).land).toBe(true);
    expect(placeTileRules(SERVED_FROM - 1).land).toBe(false);
  });

  it("is taken as loaded only once the gazetteer's load has put it in, not when the places alone are in", () => {
    expect(landDetailLoaded({ sources: { places: { state: 'ready', land: 'ready' } } })).toBe(true);
    for (const land of ['pending', 'loading', 'failed']) expect(landDetailLoaded({ sources: { places: { state: 'ready', land } } })).toBe(false);
    expect(landDetailLoaded({ sources: { places: { state: 'off', land: 'pending' } } })).toBe(false);
    expect(landDetailLoaded({ sources: {} })).toBe(false);
  });
});
