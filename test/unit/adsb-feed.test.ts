import { describe, expect, it } from 'vitest';
import { parseAdsbFeed } from '../../server/aircraft/adsb-feed.js';
import { FirefightingIdentifier } from '../../server/aircraft/firefighting-identifier.js';

describe('ADS-B formats', () => {
  it('reads readsb/tar1090 aircraft.json: now in seconds, "ground" altitude, entries without a position skipped', () => {
    const feed = parseAdsbFeed({
      now: 1763640000.5,
      messages: 123456,
      aircraft: [
        { hex: 'a1b2c3', flight: 'TANKER12 ', r: 'N612AX', t: 'RJ85', alt_baro: 12500, gs: 280.4, track: 91.2, lat: 38.5, lon: -122.1, seen_pos: 2.5, seen: 0.4 },
        { hex: '~c0ffee', alt_baro: 'ground', lat: 38.6, lon: -122.2, seen_pos: 0 },
        { hex: 'abcdef', flight: 'UAL123', alt_baro: 35000 },
      ],
    });
    expect(feed.format).toBe('readsb');
    expect(feed.skipped).toBe(1);
    expect(feed.positions[0]).toMatchObject({ icao24: 'a1b2c3', callsign: 'TANKER12', registration: 'N612AX', typeCode: 'RJ85', altitudeFt: 12500, onGround: false });
    expect(feed.positions[0]?.seenAt).toBe(new Date(1763640000500 - 2500).toISOString());
    // A ~ address is not an ICAO one (TIS-B): kept apart from the aircraft c0ffee.
    expect(feed.positions[1]).toMatchObject({ icao24: '~c0ffee', onGround: true, altitudeFt: null });
  });

  it('a kept last position has no altitude, speed or track of its own, but an aircraft on the ground by its last message stays on the ground', () => {
    const feed = parseAdsbFeed({
      now: 1763640000,
      aircraft: [
        { hex: 'a1b2c3', alt_baro: 37000, gs: 496, track: 113.5, seen: 0.5, lastPosition: { lat: 43.26, lon: 29.63, seen_pos: 3061 } },
        { hex: 'c3b2a1', alt_baro: 'ground', gs: 3, seen: 1, lastPosition: { lat: 38.69, lon: -121.59, seen_pos: 300 } },
      ],
    });
    expect(feed.positions[0]).toMatchObject({ altitudeFt: null, groundSpeedKt: null, trackDeg: null, onGround: false, seenAt: new Date((1763640000 - 3061) * 1000).toISOString() });
    expect(feed.positions[1]).toMatchObject({ altitudeFt: null, onGround: true });
  });

  it('reads the v2 aggregator APIs: `ac` and now in milliseconds', () => {
    const feed = parseAdsbFeed({ ac: [{ hex: '4b1805', t: 'CL4T', ownOp: 'Securite Civile', lat: 43.4, lon: 5.2, alt_baro: 800, seen_pos: 1 }], now: 1763640000123, total: 1 });
    expect(feed.positions[0]?.seenAt).toBe(new Date(1763640000123 - 1000).toISOString());
    expect(feed.positions[0]).toMatchObject({ typeCode: 'CL4T', operator: 'Securite Civile' });
  });

  it('reads OpenSky states/all arrays (metres and m/s converted)', () => {
    const feed = parseAdsbFeed({
      time: 1763640000,
      states: [
        ['a835af', 'CALFIRE3', 'United States', 1763639990, 1763639999, -121.9, 38.9, 1000, false, 100, 270, 0, null, 1050, '1200', false, 0],
        ['a835b0', null, 'United States', null, 1763639999, null, null, null, true, 0, 0, 0, null, null, null, false, 0],
      ],
    });
    expect(feed.format).toBe('opensky');
    expect(feed.skipped).toBe(1);
    expect(feed.positions[0]).toMatchObject({ icao24: 'a835af', callsign: 'CALFIRE3', altitudeFt: 3281, typeCode: null });
    // 100 m/s is 194.3844 kt, kept to a tenth as readsb reports it.
    expect(feed.positions[0]?.groundSpeedKt).toBe(194.4);
    expect(feed.positions[0]?.seenAt).toBe(new Date(1763639990 * 1000).toISOString());
  });

  it('refuses anything else', () => {
    expect(() => parseAdsbFeed({ hello: 'world' })).toThrow(/neither readsb/);
  });
});

describe('firefighting identification (shipped list)', () => {
  const identifier = FirefightingIdentifier.fromShippedList();

  it('a dedicated type matches on its own, with a reason', () => {
    expect(identifier.identify({ typeCode: 'CL4T', callsign: null, operator: null, registration: null })).toEqual({
      firefighting: true,
      reason: 'type CL4T: Canadair CL-415 / DHC-515 water scooper',
    });
  });

  it('a dual-use type needs evidence', () => {
    expect(identifier.identify({ typeCode: 'C130', callsign: 'RCH123', operator: 'US Air Force', registration: null }).firefighting).toBe(false);
    const tanker = identifier.identify({ typeCode: 'C130', callsign: 'TANKER131', operator: null, registration: null });
    expect(tanker.firefighting).toBe(true);
    expect(tanker.reason).toMatch(/dual-use type C130 .* with callsign TANKER131/);
    expect(identifier.identify({ typeCode: 'H60', callsign: null, operator: 'CAL FIRE', registration: null }).reason).toMatch(/operator "CAL FIRE"/);
  });

  it('an airliner is not a firefighter; without a type, a firefighting callsign alone is no evidence', () => {
    expect(identifier.identify({ typeCode: 'B738', callsign: 'TANKER1', operator: null, registration: null }).firefighting).toBe(false);
    expect(identifier.identify({ typeCode: null, callsign: 'CALFIRE3', operator: null, registration: null }).firefighting).toBe(false);
  });
});
