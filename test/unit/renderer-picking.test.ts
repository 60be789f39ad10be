// The list shown when a click lands on several objects: its order and its lines.
import { describe, expect, it } from 'vitest';
import { objectWithItsAlerts, pickedObjects } from '../../renderer/src/map/feature-picking.js';
import { pickLabel, pickLabels, pickListHeading } from '../../renderer/src/map/pick-label.js';

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

  it('names an incident with its size and containment, which tell a crowded place\'s incidents apart', () => {
    expect(pickLabel({ kind: 'incident', name: 'EATON', sizeAcres: 14021.3, percentContained: 95 })).toBe('Incident: EATON · 14,021.3 acres · 95% contained');
    expect(pickLabel({ kind: 'incident', name: 'KING' })).toBe('Incident: KING');
    expect(pickLabel({ kind: 'incident', name: 'LAC-010164', sizeAcres: 0.01, percentContained: 100 })).toBe('Incident: LAC-010164 · 0.01 acres · 100% contained');
  });

  it('heads the list with how many of each kind', () => {
    const incident = { kind: 'incident', name: 'A' };
    expect(pickListHeading([incident, incident, { kind: 'fire' }, { kind: 'fire-live' }, { kind: 'fire' }])).toBe('5 objects here: 2 incidents, 3 fire detections');
    expect(pickListHeading([{ kind: 'aircraft' }, { kind: 'alert' }])).toBe('2 objects here: 1 aircraft, 1 alert');
    expect(pickListHeading([incident, incident])).toBe('2 incidents here');
    expect(pickListHeading([{ kind: 'fire' }, { kind: 'fire' }, { kind: 'fire' }])).toBe('3 fire detections here');
  });

  it('names news stories as such, in their lines and in the heading (a town holds many)', () => {
    const story = { kind: 'event', sourceType: 'news', title: 'Storms close schools in Manchester' };
    expect(pickLabel(story)).toBe('News: Storms close schools in Manchester');
    expect(pickLabel({ kind: 'event', sourceType: 'news' })).toBe('News: untitled story');
    expect(pickLabel({ kind: 'event', sourceType: 'camera', title: 'Quai camera' })).toBe('Event: Quai camera');
    expect(pickListHeading([story, story, story])).toBe('3 news stories here');
    expect(pickListHeading([story, { kind: 'event', sourceType: 'camera' }])).toBe('2 objects here: 1 news story, 1 event');
  });

  it('gives where each is to lines a list would show alike (two pixels of one pass), and their place when still alike', () => {
    const acqTime = Date.parse('2026-11-26T21:04:00Z') / 1000;
    const pixel = (lon: number, lat: number) => ({ kind: 'fire', satellite: 'N', frp: 3.2, acqTime, position: [lon, lat] });
    const line = 'Fire detection · Suomi NPP (N) · 3.2 MW · 26 Nov 21:04 UTC';
    expect(pickLabels([pixel(-36.5, -54.3), pixel(-36.4998, -54.3), { ...pixel(-36.5, -54.3), frp: 4 }])).toEqual([
      `${line} · at -54.3000, -36.5000`,
      `${line} · at -54.3000, -36.4998`,
      'Fire detection · Suomi NPP (N) · 4.0 MW · 26 Nov 21:04 UTC',
    ]);
    // Alike to the 10 m too, or of no position: numbered.
    expect(pickLabels([pixel(1, 2), pixel(1, 2), { kind: 'aircraft', icao24: 'a1' }, { kind: 'aircraft', icao24: 'a1' }])).toEqual([
      `${line} · at 2.0000, 1.0000 (1 of 2)`,
      `${line} · at 2.0000, 1.0000 (2 of 2)`,
      'Aircraft a1 (1 of 2)',
      'Aircraft a1 (2 of 2)',
    ]);
    expect(pickLabels([{ kind: 'aircraft', icao24: 'a1' }, { kind: 'incident', name: 'KING' }])).toEqual(['Aircraft a1', 'Incident: KING']);
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

  it('takes a camera\'s announcement (the event of its discovery, same title and place) for the camera itself', () => {
    const at = point(4.83, 45.76);
    const camera = { properties: { kind: 'camera', id: '7', title: 'Quai camera' }, geometry: at, layer: { id: 'cameras' } };
    const announcement = { properties: { kind: 'event', id: 'e1', sourceType: 'camera', title: 'Quai camera' }, geometry: point(4.8302, 45.7601), layer: { id: 'events' } };
    expect(pickedObjects([camera, announcement]).map((props) => props.kind)).toEqual(['camera']);
    // Another camera's event, or a news story there, is another thing.
    const other = { properties: { kind: 'event', id: 'e2', sourceType: 'camera', title: 'Pont camera' }, geometry: at, layer: { id: 'events' } };
    const story = { properties: { kind: 'event', id: 'e3', sourceType: 'news', title: 'Quai camera' }, geometry: at, layer: { id: 'events' } };
    expect(pickedObjects([camera, announcement, other, story]).map((props) => props.id)).toEqual(['7', 'e2', 'e3']);
    // Alone, the event is listed as itself.
    expect(pickedObjects([announcement])).toHaveLength(1);
  });

  it('lists incidents largest first (those of no size last) and firefighting aircraft first', () => {
    const incident = (id: string, sizeAcres?: number) => ({ properties: { kind: 'incident', irwinId: id, name: id, ...(sizeAcres === undefined ? {} : { sizeAcres }) }, geometry: point(-118.1, 34.2), layer: { id: 'incidents' } });
    const aircraft = (icao24: string, firefighting: boolean) => ({ properties: { kind: 'aircraft', icao24, firefighting }, geometry: point(-118.1, 34.2), layer: { id: 'aircraft' } });
    const objects = pickedObjects([incident('KING', 3), incident('NONE'), incident('EATON', 14_021), incident('LAC', 0.01), aircraft('a00001', false), aircraft('a00002', true)]);
    expect(objects.map((props) => props.irwinId ?? props.icao24)).toEqual(['a00002', 'a00001', 'EATON', 'KING', 'LAC', 'NONE']);
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
