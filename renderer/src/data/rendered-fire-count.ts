// Fire tiles have no client-side list: the Fires count is read from what the map drew. It is read
// after the map settles (off the path to ready: 50,000 points take a moment to query), and only when
// something that changes it happened since the last read.
import type { MapController } from '../map/map-controller';

const SETTLE_MS = 200;

export class RenderedFireCount {
  private dirty = true;
  private timer: number | undefined;

  constructor(
    private readonly map: MapController,
    private readonly onCount: (count: number) => void,
  ) {
    map.map.on('idle', () => this.schedule());
  }

  /** The fires drawn may have changed (a new view, a live fire, a re-read, the layer shown again): count at the next idle. */
  invalidate(): void {
    this.dirty = true;
  }

  /** A view's data is drawn (`whenIdle` answered): count now if not yet — a view that changed nothing draws no new frame. */
  drawn(): void {
    this.schedule();
  }

  private schedule(): void {
    // A hidden layer draws nothing: keep the last count rather than say zero.
    if (!this.dirty || !this.map.isLayerVisible('fires')) return;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      // Data asked for since (a live fire, a view's answer) is not drawn yet: its frame's idle counts instead.
      if (!this.map.settled()) return;
      this.dirty = false;
      this.onCount(this.map.renderedFireCount());
    }, SETTLE_MS);
  }
}
