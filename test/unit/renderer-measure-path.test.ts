// The ruler's figures: lengths on the WGS84 ellipsoid against known values, bearings in degrees true with their
// compass point, and a path that crosses the antimeridian the short way.
import { describe, expect, it } from 'vitest';
import { compassPoint, formatBearing, formatLength, measurePath, type LonLat } from '../../renderer/src/map/measure-path.js';

const SACRAMENTO: LonLat = [-121.4944, 38.5816];
const RENO: LonLat = [-119.8138, 39.5296];
/** One degree of longitude along the equator: an arc of the equatorial circle, a·π/180 with a = 6 378 137 m. */
const EQUATOR_DEGREE_M = (6_378_137 * Math.PI) / 180;

describe('measuring a path', () => {
  it('gives Sacramento → Reno as PostGIS geography does (179.54 km), with its bearing', () => {
    const measure = measurePath([SACRAMENTO, RENO]);
    // SELECT ST_Distance('POINT(-121.4944 38.5816)'::geography, 'POINT(-119.8138 39.5296)'::geography) → 179543.335
    expect(measure.metres).toBeCloseTo(179_543.335, 2);
    expect(measure.bearing).toBeCloseTo(53.588, 3);
    expect(measure.text).toEqual({ km: '179.5 km', mi: '111.6 mi', nm: '96.9 nm', bearing: '54° NE' });
  });

  it('measures due east along the equator as 90° and a·π/180 a degree', () => {
    const measure = measurePath([
      [0, 0],
      [1, 0],
    ]);
    expect(measure.metres).toBeCloseTo(EQUATOR_DEGREE_M, 3);
    expect(measure.bearing).toBeCloseTo(90, 9);
    expect(measure.text.bearing).toBe('90° E');
  });

  it('measures due north along a meridian as 0° (one degree from the equator is 110.574 km)', () => {
    const measure = measurePath([
      [0, 0],
      [0, 1],
    ]);
    expect(measure.metres).toBeCloseTo(110_574.389, 2);
    expect(measure.bearing).toBe(0);
    expect(measure.text.bearing).toBe('0° N');
  });

  it('crosses the antimeridian the short way, and draws the line on past 180°', () => {
    const east = measurePath([
      [179.5, 0],
      [-179.5, 0],
    ]);
    expect(east.metres).toBeCloseTo(EQUATOR_DEGREE_M, 3);
    expect(east.bearing).toBeCloseTo(90, 9);
    expect(east.vertices[1]![0]).toBeCloseTo(180.5, 9);
    const steps = east.track.slice(1).map((point, index) => Math.abs(point[0] - east.track[index]![0]));
    expect(Math.max(...steps)).toBeLessThan(1);

    const west = measurePath([
      [-179.5, 10],
      [179.5, 10],
    ]);
    expect(west.bearing).toBeCloseTo(270, 0);
    expect(west.text.bearing).toBe('270° W');
    expect(west.metres).toBeLessThan(120_000);
  });

  it('follows the geodesic between distant points (Karney’s Wellington → Salamanca example)', () => {
    const measure = measurePath([
      [174.81, -41.32],
      [-5.5, 40.96],
    ]);
    expect(measure.metres).toBeCloseTo(19_959_679.267, 2);
    expect(measure.bearing).toBeCloseTo(161.067669986, 6);
    expect(measure.text.km).toBe('19,960 km');
    // The drawn track bends away from the straight line between the ends (25 km steps, at most 256 a leg).
    expect(measure.track).toHaveLength(257);
  });

  it('adds up every leg and takes the bearing of the last', () => {
    const points: LonLat[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const measure = measurePath(points);
    const legs = [measurePath(points.slice(0, 2)), measurePath(points.slice(1, 3)), measurePath(points.slice(2, 4))];
    expect(measure.metres).toBeCloseTo(legs.reduce((sum, leg) => sum + leg.metres, 0), 6);
    expect(measure.bearing).toBeCloseTo(270, 1);
    expect(measure.points).toBe(4);
    expect(measure.vertices).toHaveLength(4);
  });

  it('has no length or bearing before a second point, and keeps the last bearing over a repeated point', () => {
    expect(measurePath([])).toMatchObject({ points: 0, metres: 0, bearing: null, vertices: [], track: [] });
    expect(measurePath([SACRAMENTO])).toMatchObject({ points: 1, metres: 0, bearing: null, text: { km: '0.00 km', bearing: null } });
    const doubled = measurePath([SACRAMENTO, RENO, RENO]);
    expect(doubled.metres).toBeCloseTo(179_543.335, 2);
    expect(doubled.bearing).toBeCloseTo(53.588, 3);
  });
});

describe('writing the figures', () => {
  it('names the 16 compass points, WSW for 247°', () => {
    expect(compassPoint(247)).toBe('WSW');
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(11.2)).toBe('N');
    expect(compassPoint(11.3)).toBe('NNE');
    expect(compassPoint(180)).toBe('S');
    expect(compassPoint(348.7)).toBe('NNW');
    expect(compassPoint(348.8)).toBe('N');
    expect(compassPoint(354)).toBe('N');
    expect(compassPoint(-90)).toBe('W');
  });

  it('writes whole degrees in 0–359, never 360', () => {
    expect(formatBearing(247.3)).toBe('247° WSW');
    expect(formatBearing(359.6)).toBe('0° N');
    expect(formatBearing(-0.2)).toBe('0° N');
    expect(formatBearing(90)).toBe('90° E');
  });

  it('keeps about three figures for short lengths and groups thousands for long ones', () => {
    expect(formatLength(0.4567)).toBe('0.46');
    expect(formatLength(12.345)).toBe('12.3');
    expect(formatLength(999.94)).toBe('999.9');
    expect(formatLength(19_959.68)).toBe('19,960');
  });
});
