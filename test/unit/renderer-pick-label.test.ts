// The lines of the list shown when a click lands on several objects.
import { describe, expect, it } from 'vitest';
import { pickLabel } from '../../renderer/src/map/pick-label.js';

describe('pickLabel', () => {
  it('names a fire detection by its satellite, power and minute with its day, in UTC', () => {
    // Vector tiles carry epoch seconds; a list may hold yesterday's pass beside today's.
    const acqTime = Date.parse('2026-11-26T21:04:00Z') / 1000;
    expect(pickLabel({ kind: 'fire', satellite: 'N20', frp: 41.53, acqTime })).toBe('Fire detection · NOAA-20 (N20) · 41.5 MW · 26 Nov 21:04 UTC');
    expect(pickLabel({ kind: 'fire-live', acqTime: '2026-11-27T03:08:00Z' })).toBe('New fire detection · 27 Nov 03:08 UTC');
  });

  it('names an aircraft by its callsign, and says whether it fights fires', () => {
    expect(pickLabel({ kind: 'aircraft', callsign: 'HIDRO7  ', icao24: '3443c1', firefighting: true })).toBe('Aircraft HIDRO7 (firefighting)');
    expect(pickLabel({ kind: 'aircraft', icao24: 'a1b2c3', firefighting: false })).toBe('Aircraft a1b2c3');
  });
});
