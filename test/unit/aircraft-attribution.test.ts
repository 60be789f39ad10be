import { describe, expect, it } from 'vitest';
import { aircraftCredit } from '../../server/aircraft/aircraft-attribution.js';

describe('the credit an aircraft source asks for on the map', () => {
  it('adsb.lol data is ODbL: "© adsb.lol contributors"', () => {
    expect(aircraftCredit('https://api.adsb.lol', 'aggregator')).toBe('© adsb.lol contributors (ODbL)');
    expect(aircraftCredit('https://adsb.lol/api', 'aggregator')).toBe('© adsb.lol contributors (ODbL)');
  });

  it('other public aggregators and OpenSky are named; an unknown host by its name', () => {
    expect(aircraftCredit('https://api.airplanes.live', 'aggregator')).toBe('Aircraft: airplanes.live');
    expect(aircraftCredit('https://opensky-network.org/api/states/all', 'opensky')).toBe('Aircraft: The OpenSky Network');
    expect(aircraftCredit('http://10.0.0.5:8080/api/states/all', 'opensky')).toBe('Aircraft: The OpenSky Network');
    expect(aircraftCredit('https://adsb.example.org', 'aggregator')).toBe('Aircraft: adsb.example.org');
  });

  it("a look-alike host is not taken for adsb.lol, and the user's own receiver needs no credit", () => {
    expect(aircraftCredit('https://notadsb.lol.example.com', 'aggregator')).toBe('Aircraft: notadsb.lol.example.com');
    expect(aircraftCredit('https://evil-adsb.lol', 'aggregator')).toBe('Aircraft: evil-adsb.lol');
    expect(aircraftCredit('http://192.168.1.20/data/aircraft.json', 'receiver')).toBeNull();
  });
});
