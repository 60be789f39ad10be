// The view the live socket follows, told before the view's data is read. A read sent first and the socket told after
// (a React effect, a render later) left a gap in which what was stored in the new view was in neither the read's
// answer nor the socket's messages, which still followed the old view. The map session tells the relay; the live
// connection, made later, is handed the view as soon as it attaches. `.js` specifiers: unit-tested from Node.
import type { Bbox } from '../api/api-types.js';

/** What follows the view: the live connection (it remembers it and sends it again after each reconnect). */
export interface ViewFollower {
  setViewport(bbox: Bbox): void;
}

export class ViewRelay {
  private bbox: Bbox | null = null;
  private follower: ViewFollower | null = null;

  /** The map's view, told before its read is sent. */
  tell(bbox: Bbox): void {
    this.bbox = bbox;
    this.follower?.setViewport(bbox);
  }

  /** The live connection, once made: told the current view at once. Answers its detach. */
  attach(follower: ViewFollower): () => void {
    this.follower = follower;
    if (this.bbox) follower.setViewport(this.bbox);
    return () => {
      if (this.follower === follower) this.follower = null;
    };
  }
}
