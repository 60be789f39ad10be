import { describe, expect, it } from 'vitest';
import { formatDecimal, formatDms, wrapLongitude } from '../../renderer/src/format/coordinates.js';
import { objectAge } from '../../renderer/src/format/object-age.js';

describe('coordinate formatting', () => {
  it('writes decimal degrees lat, lon with 5 places', () => {
    expect(formatDecimal(38.58, -121.49)).toBe('38.58000, -121.49000');
    expect(formatDecimal(-33.8688, 151.2093, 2)).toBe('-33.87, 151.21');
  });

  it('writes degrees, minutes and seconds with hemispheres', () => {
    expect(formatDms(38.58, -121.49)).toBe('38°34′48″N 121°29′24″W');
    expect(formatDms(-33.8688, 151.2093)).toBe('33°52′08″S 151°12′33″E');
    expect(formatDms(0, 0)).toBe('0°00′00″N 0°00′00″E');
  });

  it('carries rounded seconds up rather than printing 60″', () => {
    expect(formatDms(10.99999, 20.99999)).toBe('11°00′00″N 21°00′00″E');
  });

  it('wraps longitudes from world copies back into -180..180', () => {
    expect(wrapLongitude(-121.49 + 360)).toBeCloseTo(-121.49, 9);
    expect(wrapLongitude(190)).toBeCloseTo(-170, 9);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(formatDecimal(38.58, 238.51)).toBe('38.58000, -121.49000');
  });
});

describe('popup age', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('reads an aircraft seenAt, a fire acqTime (epoch seconds) and ISO times, each with what happened then', () => {
    expect(objectAge({ seenAt: '2026-11-23T11:48:00Z' }, now)).toEqual({ seconds: 720, verb: 'seen' });
    expect(objectAge({ acqTime: now / 1000 - 300 }, now)).toEqual({ seconds: 300, verb: 'detected' });
    expect(objectAge({ createdAt: '2026-11-22T12:00:00Z' }, now)).toEqual({ seconds: 86_400, verb: 'created' });
    // An incident's discovery, not its data's age; a story's publication; another event's time.
    expect(objectAge({ discoveredAt: '2026-11-10T12:00:00Z', name: 'HOLEY LAND' }, now)).toEqual({ seconds: 13 * 86_400, verb: 'discovered' });
    expect(objectAge({ occurredAt: '2026-11-23T00:00:00Z', sourceType: 'news' }, now)).toEqual({ seconds: 43_200, verb: 'published' });
    expect(objectAge({ occurredAt: '2026-11-23T11:00:00Z', sourceType: 'camera' }, now)).toEqual({ seconds: 3_600, verb: 'recorded' });
    // As their popups' rows call them: an alert raised, a camera found.
    expect(objectAge({ kind: 'alert', createdAt: '2026-11-23T11:55:00Z' }, now)).toEqual({ seconds: 300, verb: 'raised' });
    expect(objectAge({ kind: 'camera', discoveredAt: '2026-11-22T12:00:00Z' }, now)).toEqual({ seconds: 86_400, verb: 'found' });
  });

  it('has no age for an object without a time', () => {
    expect(objectAge({ name: 'x' }, now)).toBeNull();
    expect(objectAge({ seenAt: 'not a date' }, now)).toBeNull();
  });
});
