// Where the overlays go in a basemap's layers: beneath its names, so names stay readable over dense marks (over Los
// Angeles at zoom 5, 1,100 aircraft and 770 incidents drawn above the names hid the city's). Icons ignore placement, so
// no name pushes a mark off the map.
import type { LayerSpecification } from 'maplibre-gl';

/** The basemap's first layer of names: its first symbol layer that is not one of the overlays. */
export function firstLabelLayerId(layers: readonly LayerSpecification[], overlays: readonly LayerSpecification[]): string | undefined {
  const ours = new Set(overlays.map((layer) => layer.id));
  return layers.find((layer) => layer.type === 'symbol' && !ours.has(layer.id))?.id;
}

/** A basemap's layers with the overlays put beneath its names (on top when it has none). */
export function layersWithOverlays(basemap: readonly LayerSpecification[], overlays: readonly LayerSpecification[]): LayerSpecification[] {
  const labels = firstLabelLayerId(basemap, overlays);
  const at = labels === undefined ? basemap.length : basemap.findIndex((layer) => layer.id === labels);
  return [...basemap.slice(0, at), ...overlays, ...basemap.slice(at)];
}
