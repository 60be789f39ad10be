import { describe, expect, it } from 'vitest';
import { followedAircraft } from '../../renderer/src/map/followed-aircraft.js';

describe('followedAircraft: the aircraft an open popup shows, in a new read', () => {
  const read = {
    type: 'FeatureCollection' as const,
    features: [
      { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [-0.45, 51.47] }, properties: { kind: 'aircraft', icao24: '400b83', callsign: 'EZY16EG', altitudeFt: 1700 } },
      { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [-0.08, 52.97] }, properties: { kind: 'aircraft', icao24: '4ca2b1', callsign: 'RYR1', altitudeFt: 33000 } },
    ],
  };

  it('finds it by its hex, whatever its case, with its new position and words', () => {
    expect(followedAircraft(read, '4CA2B1')).toEqual({ kind: 'aircraft', icao24: '4ca2b1', callsign: 'RYR1', altitudeFt: 33000, position: [-0.08, 52.97] });
  });

  it('answers null for one gone from the read', () => {
    expect(followedAircraft(read, 'abcdef')).toBeNull();
    expect(followedAircraft({ type: 'FeatureCollection', features: [] }, '400b83')).toBeNull();
  });
});
