// Realistic bus payloads, as the fire poller and camera service publish them.
import { createHash } from 'node:crypto';
import type { CameraEventMessage } from '../../server/cameras/camera-events.js';
import type { FireEventMessage } from '../../server/fires/fire-events.js';

export function fireMessage(overrides: Partial<FireEventMessage> = {}): FireEventMessage {
  return {
    latitude: 38.12345,
    longitude: -120.54321,
    acqTime: '2026-11-21T07:48:00Z',
    satellite: 'N20',
    instrument: 'VIIRS',
    dataset: 'VIIRS_NOAA20_NRT',
    confidence: 'h',
    frp: 12.7,
    brightness: 331.2,
    dayNight: 'N',
    ...overrides,
  };
}

/** `count` distinct detections spread over a grid and over minutes. */
export function fireMessages(count: number, start = Date.parse('2026-11-21T06:00:00Z')): FireEventMessage[] {
  return Array.from({ length: count }, (_, index) =>
    fireMessage({
      latitude: Number((30 + (index % 100) * 0.01).toFixed(5)),
      longitude: Number((-120 + Math.floor(index / 100) * 0.01).toFixed(5)),
      acqTime: new Date(start + (index % 60) * 60_000).toISOString(),
    }),
  );
}

export function cameraMessage(overrides: Partial<CameraEventMessage> = {}): CameraEventMessage {
  const url = 'http://203.0.113.7:8080/cam_1.jpg';
  return {
    urlHash: createHash('sha256').update(url).digest('hex'),
    title: 'Live camera in Seoul, Korea, Republic of',
    city: 'Seoul',
    country: 'Korea, Republic of',
    latitude: 37.5665,
    longitude: 126.978,
    source: 'http://directory.test/page/1',
    discoveredAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}
