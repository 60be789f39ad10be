// The overlays go beneath a basemap's names: the offline style's and an online style's alike.
import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { firstLabelLayerId, layersWithOverlays } from '../../renderer/src/map/overlay-order.js';

// Stand-ins for the overlays (the real ones import the page's canvas code): two marks and a symbol layer of icons.
const OVERLAY_LAYERS: LayerSpecification[] = [
  { id: 'fires', type: 'circle', source: 'fires' },
  { id: 'trails', type: 'line', source: 'trails' },
  { id: 'aircraft', type: 'symbol', source: 'aircraft', layout: { 'icon-image': 'plane' } },
];
const ids = (layers: readonly LayerSpecification[]) => layers.map((layer) => layer.id);

describe('layersWithOverlays', () => {
  const basemap: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: {} },
    { id: 'land', type: 'fill', source: 'land', paint: {} },
    { id: 'roads', type: 'line', source: 'land', paint: {} },
    { id: 'road-names', type: 'symbol', source: 'land', layout: { 'text-field': 'x' } },
    { id: 'city-names', type: 'symbol', source: 'land', layout: { 'text-field': 'y' } },
  ];

  it('puts every overlay after the shapes and before the first layer of names', () => {
    const order = ids(layersWithOverlays(basemap, OVERLAY_LAYERS));
    expect(order.slice(0, 3)).toEqual(['background', 'land', 'roads']);
    expect(order.slice(3, 3 + OVERLAY_LAYERS.length)).toEqual(ids(OVERLAY_LAYERS));
    expect(order.slice(-2)).toEqual(['road-names', 'city-names']);
  });

  it('puts them on top of a basemap without names', () => {
    expect(ids(layersWithOverlays(basemap.slice(0, 3), OVERLAY_LAYERS)).slice(3)).toEqual(ids(OVERLAY_LAYERS));
  });

  it('never takes one of its own symbol layers for the basemap names (a style that has them already)', () => {
    expect(firstLabelLayerId([...basemap.slice(0, 3), ...OVERLAY_LAYERS, ...basemap.slice(3)], OVERLAY_LAYERS)).toBe('road-names');
    expect(firstLabelLayerId([...basemap.slice(0, 3), ...OVERLAY_LAYERS], OVERLAY_LAYERS)).toBeUndefined();
  });
});
