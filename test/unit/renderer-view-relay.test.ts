import { describe, expect, it } from 'vitest';
import type { Bbox } from '../../server/http/query-params.js';
import { ViewRelay } from '../../renderer/src/live/view-relay.js';

const EUROPE: Bbox = [-10, 35, 30, 60];
const AFRICA: Bbox = [-20, -35, 50, 35];

/** What a live connection was told, in order. */
function follower() {
  const told: Bbox[] = [];
  return { told, setViewport: (bbox: Bbox) => told.push(bbox) };
}

describe('the view the live socket follows', () => {
  it('is handed to the connection as soon as it attaches, when the view was told first', () => {
    const relay = new ViewRelay();
    relay.tell(EUROPE);
    const live = follower();
    relay.attach(live);
    expect(live.told).toEqual([EUROPE]);
  });

  it('reaches the connection at once when told, before the caller goes on to read the view', () => {
    const relay = new ViewRelay();
    const live = follower();
    relay.attach(live);
    expect(live.told).toEqual([]);
    relay.tell(AFRICA);
    expect(live.told).toEqual([AFRICA]);
  });

  it('no longer reaches a connection that detached (a page closing, a new connection made)', () => {
    const relay = new ViewRelay();
    const old = follower();
    const detach = relay.attach(old);
    const next = follower();
    relay.attach(next);
    detach();
    relay.tell(EUROPE);
    expect(old.told).toEqual([]);
    expect(next.told).toEqual([EUROPE]);
  });
});
