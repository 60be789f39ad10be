// The map's scale in both units the app speaks: kilometres (or metres) over miles (or feet), as the popups give a
// distance ("12.3 km (7.6 mi)") and the measuring tool its length. Two of MapLibre's own scale bars in one control,
// so they stack together under the credits.
import type { IControl, Map as MapLibreMap, ScaleControl } from 'maplibre-gl';

export class DualScaleControl implements IControl {
  private container: HTMLElement | null = null;

  constructor(private readonly bars: readonly [metric: ScaleControl, imperial: ScaleControl]) {}

  onAdd(map: MapLibreMap): HTMLElement {
    const container = document.createElement('div');
    container.className = 'maplibregl-ctrl vantage-scale';
    container.dataset.testid = 'map-scale';
    container.setAttribute('role', 'img');
    container.setAttribute('aria-label', 'Map scale, in kilometres and in miles');
    for (const bar of this.bars) container.append(bar.onAdd(map));
    this.container = container;
    return container;
  }

  onRemove(): void {
    for (const bar of this.bars) bar.onRemove();
    this.container?.remove();
    this.container = null;
  }
}
