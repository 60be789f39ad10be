import { describe, expect, it } from 'vitest';
import type { Bbox } from '../../server/http/query-params.js';
import { bboxesIntersect } from '../../server/live/viewport.js';
import { ViewportIndex } from '../../server/live/viewport-index.js';

/** Deterministic pseudo-random numbers. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function box(next: () => number, maxWidth: number): Bbox {
  const west = -180 + next() * 360;
  const width = next() * maxWidth;
  const east = west + width > 180 ? west + width - 360 : west + width;
  const south = -90 + next() * 170;
  return [west, south, east, Math.min(90, south + next() * maxWidth)];
}

describe('viewport index', () => {
  it('finds exactly the viewports a test of every viewport finds, antimeridian and poles included', () => {
    const next = random(7);
    const index = new ViewportIndex<number>();
    const viewports: Bbox[] = [];
    for (let id = 0; id < 500; id += 1) {
      const viewport = id % 50 === 0 ? ([-180, -90, 180, 90] as Bbox) : box(next, id % 7 === 0 ? 200 : 40);
      viewports.push(viewport);
      index.set(id, viewport);
    }
    // Some clients move, some leave.
    for (let id = 0; id < 500; id += 9) {
      viewports[id] = box(next, 30);
      index.set(id, viewports[id]!);
    }
    for (let id = 3; id < 500; id += 11) index.delete(id);
    const present = (id: number) => !(id >= 3 && (id - 3) % 11 === 0);
    for (let event = 0; event < 2_000; event += 1) {
      const lon = -180 + next() * 360;
      const lat = -90 + next() * 180;
      const target: Bbox = event % 10 === 0 ? box(next, 60) : [lon, lat, lon, lat];
      const found: number[] = [];
      index.forEachMeeting(target, (id) => found.push(id));
      const expected = viewports.flatMap((viewport, id) => (present(id) && bboxesIntersect(viewport, target) ? [id] : []));
      expect(found.sort((a, b) => a - b)).toEqual(expected);
    }
  });

  it('meets across the antimeridian both ways', () => {
    expect(bboxesIntersect([170, -10, -170, 10], [179.5, 0, 179.5, 0])).toBe(true);
    expect(bboxesIntersect([170, -10, -170, 10], [-175, 0, -175, 0])).toBe(true);
    expect(bboxesIntersect([170, -10, -170, 10], [0, 0, 0, 0])).toBe(false);
    expect(bboxesIntersect([-10, -10, 10, 10], [175, -5, -5, 5])).toBe(true);
    expect(bboxesIntersect([-10, -10, 10, 10], [175, -5, -15, 5])).toBe(false);
    expect(bboxesIntersect([170, -10, -170, 10], [160, -5, -160, 5])).toBe(true);
  });
});
