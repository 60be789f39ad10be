// Positions as analysts paste them: the forms other tools write, and map links.
import { describe, expect, it } from 'vitest';
import { parsePosition } from '../../server/places/coordinate-query.js';

const near = (position: ReturnType<typeof parsePosition>, latitude: number, longitude: number) => {
  expect(position?.latitude).toBeCloseTo(latitude, 4);
  expect(position?.longitude).toBeCloseTo(longitude, 4);
};

describe('parsePosition', () => {
  it('reads degrees and decimal minutes with the hemisphere first or last, and names them so', () => {
    const gps = parsePosition('N34 03.120 W118 15.000');
    expect(gps?.format).toBe('dm');
    near(gps, 34.052, -118.25);
    expect(parsePosition("34°03.12'N 118°15.0'W")?.format).toBe('dm');
    near(parsePosition('34 03.12N 118 15.0W'), 34.052, -118.25);
    // Seconds too: degrees, minutes, seconds.
    expect(parsePosition(`38°34'48"N 121°29'24"W`)?.format).toBe('dms');
  });

  it('carries the longitude-first reading of two plain numbers that make sense both ways round, never of lettered ones', () => {
    expect(parsePosition('-0.12, 51.5')).toEqual({ format: 'decimal', latitude: -0.12, longitude: 51.5, lonLatReading: { latitude: 51.5, longitude: -0.12 } });
    expect(parsePosition('51.5 -0.12')?.lonLatReading).toEqual({ latitude: -0.12, longitude: 51.5 });
    // One way only: as before, no second reading.
    expect(parsePosition('38.58, -121.49')?.lonLatReading).toBeUndefined();
    expect(parsePosition('-121.49, 38.58')).toEqual({ format: 'decimal-lon-lat', latitude: 38.58, longitude: -121.49 });
    // The letters say which is which; the same number twice reads the same both ways.
    expect(parsePosition('51.5N 0.12W')?.lonLatReading).toBeUndefined();
    expect(parsePosition('12, 12')?.lonLatReading).toBeUndefined();
  });

  it('reads decimal commas apart by a space', () => {
    expect(parsePosition('34,05 -118,25')).toEqual({ format: 'decimal', latitude: 34.05, longitude: -118.25 });
  });

  it('reads the position of a map link', () => {
    for (const link of [
      'geo:34.05,-118.25',
      'geo:34.05,-118.25;u=35',
      'https://www.google.com/maps/@34.05,-118.25,12z',
      'https://www.google.com/maps/place/Los+Angeles,+CA/@34.05,-118.25,10z/data=!3m1!4b1',
      'https://www.openstreetmap.org/#map=12/34.05/-118.25',
      'https://www.openstreetmap.org/?mlat=34.05&mlon=-118.25#map=12/34.05/-118.25',
      'https://maps.apple.com/?ll=34.05,-118.25&z=10',
      'https://www.google.com/maps/search/?api=1&query=34.05,-118.25',
    ]) {
      expect(parsePosition(link), link).toEqual({ format: 'link', latitude: 34.05, longitude: -118.25 });
    }
  });

  it('reads no position from a link without one, or one out of range', () => {
    expect(parsePosition('https://www.google.com/maps/place/Los+Angeles')).toBeNull();
    expect(parsePosition('https://example.com/')).toBeNull();
    expect(parsePosition('geo:134.05,-118.25')).toBeNull();
    expect(parsePosition('Los Angeles')).toBeNull();
  });
});
