// The map's attribution line, written with textContent from the sources' attributions made plain. It takes one line
// (cut with an ellipsis on a narrow map, the whole text in its tooltip) and unfolds to every credit on a click or
// Enter, as MapLibre's own compact attribution does.
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
    const text = texts.join(' | ');
    this.container.textContent = text;
    this.container.title = text;
    // Its name is the credits themselves (a fixed name hid them from a screen reader); aria-expanded says the fold.
    this.container.setAttribute('aria-label', `Map credits: ${text}`);
    this.container.hidden = texts.length === 0;
  };

  private readonly toggle = () => {
    const container = this.container;
    if (!container) return;
    const expanded = container.getAttribute('aria-expanded') !== 'true';
    container.setAttribute('aria-expanded', String(expanded));
    container.classList.toggle('is-expanded', expanded);
  };

  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    // Its own key: Space must not also play or pause the playback (PlaybackBar.tsx listens on the window).
    event.stopPropagation();
    this.toggle();
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
    this.container.tabIndex = 0;
    this.container.setAttribute('role', 'button');
    this.container.setAttribute('aria-expanded', 'false');
    this.container.addEventListener('click', this.toggle);
    this.container.addEventListener('keydown', this.onKey);
    map.on('styledata', this.update);
    map.on('sourcedata', this.update);
    this.update();
    return this.container;
  }

  onRemove(): void {
    this.map?.off('styledata', this.update);
    this.map?.off('sourcedata', this.update);
    this.container?.removeEventListener('click', this.toggle);
    this.container?.removeEventListener('keydown', this.onKey);
    this.container?.remove();
    this.container = null;
    this.map = null;
  }
}
