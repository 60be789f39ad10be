import { describe, expect, it } from 'vitest';
import { aircraftAlertTitle } from '../../server/aircraft/aircraft-alert-title.js';

describe("an aircraft's geofence alert", () => {
  it('says which aircraft, where and when it was seen, as a fire alert does', () => {
    const position = { icao24: 'a2b3c4', callsign: 'CFR204', typeCode: 'CL4T', latitude: 38.50042, longitude: -122.69958, seenAt: '2026-11-27T19:54:31.000Z' };
    expect(aircraftAlertTitle(position)).toBe('Aircraft CFR204 (CL4T) at 38.500, -122.700 · seen 27 Nov 19:54 UTC');
    expect(aircraftAlertTitle({ ...position, callsign: null, typeCode: null })).toBe('Aircraft a2b3c4 at 38.500, -122.700 · seen 27 Nov 19:54 UTC');
  });
});
