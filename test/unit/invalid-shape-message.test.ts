import { describe, expect, it } from 'vitest';
import { invalidShapeMessage } from '../../server/geofences/geofence-admin.js';

describe("a refused geofence shape, in the analyst's words", () => {
  it('says where a crossing outline crosses, not PostGIS\'s raw reason', () => {
    expect(invalidShapeMessage({ valid: false, reason: 'Self-intersection[-119.566718203125 36.1349566231732]', latitude: 36.1349566231732, longitude: -119.566718203125 })).toBe(
      'geometry is not valid: the outline crosses itself near 36.1350° N, 119.5667° W; place the corners in order around the area, or draw it again',
    );
    expect(invalidShapeMessage({ valid: false, reason: 'Ring Self-intersection[151.2 -33.8]', latitude: -33.8, longitude: 151.2 })).toMatch(/near 33\.8000° S, 151\.2000° E;/);
  });

  it('gives any other reason without its coordinates', () => {
    expect(invalidShapeMessage({ valid: false, reason: 'Too few points in geometry component[0 0]', latitude: 0, longitude: 0 })).toBe('geometry is not valid: Too few points in geometry component');
    expect(invalidShapeMessage({ valid: false, reason: 'unreadable geometry', latitude: null, longitude: null })).toBe('geometry is not valid: unreadable geometry');
  });
});
