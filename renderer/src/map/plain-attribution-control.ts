// The map's attribution line, written with textContent from the sources' attributions made plain.
import type { IControl, Map as MapLibreMap } from 'maplibre-gl';
import { plainAttributions } from './style-attribution';

export class PlainAttributionControl implements IControl {
  private container: HTMLElement | null = null;
  private map: MapLibreMap | null = null;
  /** Credits of data that reaches the map outside a style source (the aircraft aggregator's, say). */
  private credits: readonly string[] = [];
  private readonly update = () => {
    const map = this.map;
    if (!map || !this.container) return;
    const ids = Object.keys(map.getStyle()?.sources ?? {});
    // getSource() carries attribution read from TileJSON too, not only the style's own.
    const texts = plainAttributions([...ids.map((id) => (map.getSource(id) as { attribution?: string } | undefined)?.attribution), ...this.credits]);
    this.container.textContent = texts.join(' | ');
    this.container.hidden = texts.length === 0;
  };

  /** Replaces the extra credits; shown after the style sources' own. */
  setCredits(credits: readonly string[]): void {
    if (credits.length === this.credits.length && credits.every((credit, index) => credit === this.credits[index])) return;
    this.credits = [...credits];
    this.update();
  }

  onAdd(map: MapLibreMap): HTMLElement {
    this.map = map;
    this.container = document.createElement('div');
    this.container.className = 'maplibregl-ctrl maplibregl-ctrl-attrib vantage-attribution';
    this.container.dataset.testid = 'map-attribution';
    map.on('styledata', this.update);
    map.on('sourcedata', this.update);
    this.update();
    return this.container;
  }

  onRemove(): void {
    this.map?.off('styledata', this.update);
    this.map?.off('sourcedata', this.update);
    this.container?.remove();
    this.container = null;
    this.map = null;
  }
}
