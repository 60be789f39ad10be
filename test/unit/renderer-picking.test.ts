// The list shown when a click lands on several objects: its order and its lines.
import { describe, expect, it } from 'vitest';
import { objectWithItsAlerts, pickedObjects } from '../../renderer/src/map/feature-picking.js';
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

  it('names an alert by its geofence and what came in', () => {
    expect(pickLabel({ kind: 'alert', geofenceName: 'Home', title: 'Aircraft CFR204 (CL4T) at 38.500, -122.700 · seen 27 Nov 19:54 UTC' })).toBe(
      'Alert in “Home”: Aircraft CFR204 (CL4T) at 38.500, -122.700 · seen 27 Nov 19:54 UTC',
    );
  });
});

describe('pickedObjects', () => {
  const point = (lon: number, lat: number) => ({ type: 'Point' as const, coordinates: [lon, lat] });
  const fire = (acqTime: number, satellite: string) => ({ properties: { kind: 'fire', acqTime, satellite, frp: 10 }, geometry: point(-121.5, 38.6), layer: { id: 'fires-points' } });

  it('lists the objects before the alerts about them, and one place\'s fire passes newest first', () => {
    const hour = 3600;
    const yesterday = Date.parse('2026-11-26T18:30:00Z') / 1000;
    const objects = pickedObjects([
      { properties: { kind: 'alert', id: 7, title: 'Fire inside Home' }, geometry: point(-121.5, 38.6), layer: { id: 'alerts' } },
      fire(yesterday, 'MODIS_T'),
      fire(yesterday + 12 * hour, 'MODIS_T'),
      fire(yesterday + 16 * hour, 'N20'),
      { properties: { kind: 'aircraft', icao24: 'a1b2c3', callsign: 'TANKER1' }, geometry: point(-121.5, 38.6), layer: { id: 'aircraft' } },
    ]);
    expect(objects.map((props) => props.kind)).toEqual(['aircraft', 'fire', 'fire', 'fire', 'alert']);
    expect(objects.filter((props) => props.kind === 'fire').map((props) => props.acqTime)).toEqual([yesterday + 16 * hour, yesterday + 12 * hour, yesterday]);
  });
});

describe('objectWithItsAlerts', () => {
  const fire = { kind: 'fire', acqTime: 1, satellite: 'N20', position: [-121.5, 38.6] };
  const alert = (objectType: string, position: number[]) => ({ kind: 'alert', id: 7, objectType, geofenceName: 'Home', position });

  it('opens a fire with its own alert: one object, and alerts of its kind at its place (a tile moves a point ~10 m)', () => {
    const own = alert('fire', [-121.50004, 38.60003]);
    expect(objectWithItsAlerts([fire, own])).toEqual({ object: fire, alerts: [own] });
    expect(objectWithItsAlerts([{ ...fire, kind: 'fire-live' }, own])?.alerts).toHaveLength(1);
  });

  it('lists rather than opens: two objects, an alert of another kind or place, or no alert', () => {
    expect(objectWithItsAlerts([fire, { kind: 'aircraft', icao24: 'a1b2c3', position: [-121.5, 38.6] }, alert('fire', [-121.5, 38.6])])).toBeNull();
    expect(objectWithItsAlerts([fire, alert('aircraft', [-121.5, 38.6])])).toBeNull();
    expect(objectWithItsAlerts([fire, alert('fire', [-121.52, 38.6])])).toBeNull();
    expect(objectWithItsAlerts([fire])).toBeNull();
  });
});
