// Fire tiles have no client-side list: the Fires count is read from what the map drew. It is read
// after the map settles (off the path to ready: 50,000 points take a moment to query), and only when
// something that changes it happened since the last read — and never while a view's read is still out: a read that
// a newer one cut short (a filter changed again, a source's run re-read the view) would count the old fires, and
// the newer read's drawing would then find nothing left to count.
import type { MapController } from '../map/map-controller';

const SETTLE_MS = 200;

export class RenderedFireCount {
  private dirty = true;
  private timer: number | undefined;
  /** The latest view read started, and the latest whose data is drawn: counted only when they are the same. */
  private started = 0;
  private finished = 0;

  constructor(
    private readonly map: MapController,
    private readonly onCount: (count: number) => void,
  ) {
    map.map.on('idle', () => this.schedule());
  }

  /** The fires drawn may have changed (a live fire, a re-read, the layer shown again): count at the next idle. */
  invalidate(): void {
    this.dirty = true;
  }

  /** A view's read starts: nothing is counted until its data is drawn (`drawn` with what this answers). */
  reading(): number {
    this.dirty = true;
    this.started += 1;
    return this.started;
  }

  /**
   * A view's data is drawn (`whenIdle` answered), or its read ended without data: count now if it is the latest read
   * — a view that changed nothing draws no new frame.
   */
  drawn(read: number): void {
    if (read !== this.started) return;
    this.finished = read;
    this.schedule();
  }

  private schedule(): void {
    // A hidden layer draws nothing: keep the last count rather than say zero.
    if (!this.dirty || this.finished !== this.started || !this.map.isLayerVisible('fires')) return;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      // Data asked for since (a live fire, a view's answer) is not drawn yet: its frame's idle counts instead.
      if (!this.map.settled() || this.finished !== this.started) return;
      this.dirty = false;
      this.onCount(this.map.renderedFireCount());
    }, SETTLE_MS);
  }
}
