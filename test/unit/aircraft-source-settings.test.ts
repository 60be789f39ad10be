// Which ADS-B source the settings choose, and the aggregator query paths built from the type list and watch areas.
import { describe, expect, it } from 'vitest';
import { firefightingTypeCodes, pointPath, pointQuery, typePaths } from '../../server/aircraft/aggregator-source.js';
import { DEFAULT_AGGREGATOR_URL, readAircraftSettings } from '../../server/aircraft/aircraft-settings.js';

describe('aircraft source settings', () => {
  it('with nothing set: the default public aggregator at 1 request/s', () => {
    expect(readAircraftSettings({})).toEqual({
      intervalSeconds: 60,
      source: { mode: 'aggregator', url: DEFAULT_AGGREGATOR_URL, requestsPerSecond: 1, maxPoints: 20, radiusNm: 50, fireHours: 24 },
    });
    expect(DEFAULT_AGGREGATOR_URL).toBe('https://api.adsb.lol');
  });

  it('ADSB_URL takes over: a receiver, or OpenSky by its states/all path', () => {
    expect(readAircraftSettings({ ADSB_URL: 'http://192.168.1.20/tar1090/data/aircraft.json', ADSB_AGGREGATOR_URL: 'https://api.airplanes.live' }).source).toEqual({
      mode: 'receiver',
      url: 'http://192.168.1.20/tar1090/data/aircraft.json',
    });
    expect(readAircraftSettings({ ADSB_URL: 'https://opensky-network.org/api/states/all?lamin=32&lomin=-125&lamax=42&lomax=-114' }).source.mode).toBe('opensky');
  });

  it('another aggregator base (trailing slash dropped), its own rate, or off', () => {
    expect(
      readAircraftSettings({ ADSB_AGGREGATOR_URL: 'https://api.airplanes.live/', ADSB_AGGREGATOR_RATE: '0.5', ADSB_AGGREGATOR_MAX_POINTS: '0', ADSB_INTERVAL: '120' }),
    ).toMatchObject({ intervalSeconds: 120, source: { mode: 'aggregator', url: 'https://api.airplanes.live', requestsPerSecond: 0.5, maxPoints: 0 } });
    expect(readAircraftSettings({ ADSB_AGGREGATOR_URL: 'off' }).source).toMatchObject({ mode: 'off', reason: expect.stringMatching(/ADSB_AGGREGATOR_URL is off/) });
  });

  it('refuses settings that cannot work, naming them', () => {
    expect(() => readAircraftSettings({ ADSB_AGGREGATOR_URL: 'ftp://example.org' })).toThrow(/ADSB_AGGREGATOR_URL/);
    expect(() => readAircraftSettings({ ADSB_AGGREGATOR_RATE: '0' })).toThrow(/ADSB_AGGREGATOR_RATE/);
    expect(() => readAircraftSettings({ ADSB_AGGREGATOR_RADIUS_NM: '300' })).toThrow();
    expect(() => readAircraftSettings({ ADSB_INTERVAL: '2' })).toThrow(/ADSB_INTERVAL/);
  });
});

describe('aggregator query paths', () => {
  it('every shipped type code in one comma-separated request; a longer list is split', () => {
    const codes = firefightingTypeCodes();
    expect(codes).toEqual(expect.arrayContaining(['CL4T', 'S64', 'RJ85', 'C130']));
    expect(typePaths(codes)).toEqual([`/v2/type/${codes.join(',')}`]);
    expect(typePaths(['A', 'B', 'C', 'D', 'E'], 2)).toEqual(['/v2/type/A,B', '/v2/type/C,D', '/v2/type/E']);
  });

  it('a point query reaches the margin beyond the farthest member, in whole nm, never past 250 nm', () => {
    expect(pointPath(pointQuery({ latitude: 34.200000001, longitude: -118.39999999, incidents: 0, fires: 3, spreadNm: 2.48 }, 50))).toBe('/v2/point/34.2/-118.4/53');
    expect(pointQuery({ latitude: -0.00001, longitude: 179.99999, incidents: 1, fires: 0, spreadNm: 240 }, 50)).toMatchObject({ latitude: 0, longitude: 180, radiusNm: 250 });
  });
});
