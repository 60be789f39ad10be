// CAMERA_* settings: defaults, parsing, and clear refusals.
import { describe, expect, it } from 'vitest';
import { readCameraSettings } from '../../server/cameras/camera-settings.js';

describe('readCameraSettings', () => {
  it('has field defaults: no sources, 1 request/s per host, 60 s snapshots, Nominatim', () => {
    expect(readCameraSettings({})).toMatchObject({
      sources: [],
      hostRatePerSecond: 1,
      snapshotTtlSeconds: 60,
      snapshotCacheBytes: 256 * 1024 * 1024,
      geocoderUrl: 'https://nominatim.openstreetmap.org',
    });
  });

  it('splits CAMERA_SOURCES on commas and reads numbers', () => {
    const settings = readCameraSettings({ CAMERA_SOURCES: ' http://a.example/list.txt, https://b.example/?page=1 ,', CAMERA_HOST_RATE: '0.5' });
    expect(settings.sources).toEqual(['http://a.example/list.txt', 'https://b.example/?page=1']);
    expect(settings.hostRatePerSecond).toBe(0.5);
  });

  it('refuses a source that is not an http(s) URL and a rate that is not positive', () => {
    expect(() => readCameraSettings({ CAMERA_SOURCES: 'file:///etc/passwd' })).toThrow(/CAMERA_SOURCES/);
    expect(() => readCameraSettings({ CAMERA_HOST_RATE: '0' })).toThrow();
    expect(() => readCameraSettings({ CAMERA_HOST_RATE: 'fast' })).toThrow();
  });
});
