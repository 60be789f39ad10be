// A placed public camera as an event: its bus message, its canonical URL (from the URL hash) and the
// stored event.
import { z } from 'zod';
import { messageInstant, messageLatitude, messageLongitude } from '../events/event-messages.js';
import type { EventRecord } from '../events/event-record.js';
import type { EventSource } from '../events/event-source.js';

export const cameraEventMessage = z.object({
  urlHash: z.string().regex(/^[0-9a-f]{64}$/),
  title: z.string().min(1).max(500),
  city: z.string().max(200).nullable().optional(),
  country: z.string().max(200).nullable().optional(),
  latitude: messageLatitude,
  longitude: messageLongitude,
  source: z.string().max(2000).optional(),
  discoveredAt: messageInstant,
});
export type CameraEventMessage = z.infer<typeof cameraEventMessage>;

export function cameraEventUrl(message: Pick<CameraEventMessage, 'urlHash'>): string {
  return `vantage:camera/${message.urlHash}`;
}

function cameraRecord(message: CameraEventMessage): EventRecord {
  const place = [message.city, message.country].filter(Boolean).join(', ');
  return {
    sourceType: 'camera',
    url: cameraEventUrl(message),
    title: message.title,
    summary: place ? `Public camera in ${place}` : null,
    geometry: { type: 'Point', coordinates: [message.longitude, message.latitude] },
    occurredAt: new Date(message.discoveredAt).toISOString(),
    payload: message,
  };
}

export const cameraEvents: EventSource<CameraEventMessage> = {
  subject: 'events.camera',
  message: cameraEventMessage,
  url: cameraEventUrl,
  record: cameraRecord,
};
