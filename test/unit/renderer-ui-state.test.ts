// The renderer's pure state: the playback timeline's reducer, the geofence draft's reducer, the shared time spans.
import { describe, expect, it } from 'vitest';
import { initialTimeline, liveEnd, playbackReducer } from '../../renderer/src/data/playback-cursor.js';
import { MAP_WINDOW_MS, MAP_WINDOW_SECONDS, MAP_WINDOW_SINCE } from '../../renderer/src/data/time-windows.js';
import { draftReducer, NO_DRAFT } from '../../renderer/src/ui/geofence-draft.js';

const NOW = Date.parse('2026-11-22T12:00:30Z');
const MINUTE = 60_000;

describe('the map window', () => {
  it('is the last 24 h in every unit the screen uses', () => {
    expect(MAP_WINDOW_MS).toBe(86_400_000);
    expect(MAP_WINDOW_SECONDS).toBe(86_400);
    expect(MAP_WINDOW_SINCE).toBe('24h');
  });
});

describe('playbackReducer', () => {
  const live = initialTimeline(NOW);

  it('starts live over 6 h, ending after the current minute', () => {
    expect(live).toEqual({ hours: 6, end: Date.parse('2026-11-22T12:01:00Z'), cursor: null });
  });

  it('moves the end with the clock while live, and not once a minute is chosen', () => {
    const later = NOW + 5 * MINUTE;
    expect(playbackReducer(live, { type: 'tick', now: later }).end).toBe(liveEnd(later));
    const chosen = playbackReducer(live, { type: 'seek', minute: 100 });
    expect(playbackReducer(chosen, { type: 'tick', now: later })).toBe(chosen);
  });

  it('keeps the chosen minute across a range change when it is still inside', () => {
    const chosen = playbackReducer(live, { type: 'seek', minute: 350 });
    expect(playbackReducer(chosen, { type: 'range', hours: 1 })).toMatchObject({ hours: 1, cursor: 50 });
  });

  it('returns to live with the end at the current minute', () => {
    const chosen = playbackReducer(live, { type: 'seek', minute: 10 });
    const later = NOW + 30 * MINUTE;
    expect(playbackReducer(chosen, { type: 'live', now: later })).toEqual({ hours: 6, end: liveEnd(later), cursor: null });
  });
});

describe('draftReducer', () => {
  const square = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };

  it('counts corners while drawing and keeps the finished shape (its closing corner not counted)', () => {
    const drawing = draftReducer(NO_DRAFT, { type: 'start' });
    expect(drawing).toEqual({ drawing: true, points: 0, polygon: null });
    expect(draftReducer(drawing, { type: 'corners', points: 3 })).toEqual({ drawing: true, points: 3, polygon: null });
    expect(draftReducer(drawing, { type: 'finished', polygon: square })).toEqual({ drawing: false, points: 4, polygon: square });
  });

  it('clears to no draft', () => {
    expect(draftReducer({ drawing: false, points: 4, polygon: square }, { type: 'clear' })).toBe(NO_DRAFT);
  });
});
