// Which reports join an aircraft's track: decided in the poller against the row read before the upsert.
import { describe, expect, it } from 'vitest';
import { STILL_POSITION_EVERY_SECONDS, startsTrackPoint, type TrackFacts } from '../../server/aircraft/track-point-rule.js';

const stored: TrackFacts = { longitude: -121.5, latitude: 38.5, altitudeFt: 5000, onGround: false, seenAt: new Date('2026-08-01T12:00:00.000Z') };
// This computer's clock: a minute after the stored report.
const NOW = Date.parse('2026-08-01T12:01:00.000Z');
const later = (seconds: number, change: Partial<TrackFacts> = {}): TrackFacts => ({
  ...stored,
  seenAt: new Date(Date.parse('2026-08-01T12:00:00.000Z') + seconds * 1000).toISOString(),
  ...change,
});

describe('startsTrackPoint', () => {
  it('takes the first report of an aircraft nothing is stored of', () => {
    expect(startsTrackPoint(later(0), undefined, NOW)).toBe(true);
  });

  it('takes a later report that moved, climbed or sank, landed or took off', () => {
    expect(startsTrackPoint(later(5, { longitude: -121.49 }), stored, NOW)).toBe(true);
    expect(startsTrackPoint(later(5, { latitude: 38.51 }), stored, NOW)).toBe(true);
    expect(startsTrackPoint(later(5, { altitudeFt: 5100 }), stored, NOW)).toBe(true);
    expect(startsTrackPoint(later(5, { altitudeFt: null }), stored, NOW)).toBe(true);
    expect(startsTrackPoint(later(5, { onGround: true }), stored, NOW)).toBe(true);
  });

  it('skips a later report that changed nothing, until a minute has passed', () => {
    expect(startsTrackPoint(later(5), stored, NOW)).toBe(false);
    expect(startsTrackPoint(later(STILL_POSITION_EVERY_SECONDS - 0.001), stored, NOW)).toBe(false);
    expect(startsTrackPoint(later(STILL_POSITION_EVERY_SECONDS), stored, NOW)).toBe(true);
  });

  it('never takes the same time again, nor a late report, however far it moved', () => {
    expect(startsTrackPoint(later(0, { longitude: 0 }), stored, NOW)).toBe(false);
    expect(startsTrackPoint(later(-30, { longitude: 0, onGround: true }), stored, NOW)).toBe(false);
  });

  it('takes an earlier report when what is stored is dated ahead of the clock (the clock was set back since)', () => {
    const hourBack = NOW - 3_600_000;
    expect(startsTrackPoint(later(-1_800, { longitude: 0 }), stored, hourBack)).toBe(true);
  });
});
