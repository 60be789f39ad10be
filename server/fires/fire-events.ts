// A fire detection as an event: its bus message (the detection with all its fields, so a live fire
// keeps them to the map), its canonical URL from the natural key, and the stored event.
import { satelliteName } from './satellite-names.js';
import { z } from 'zod';
import { messageInstant, messageLatitude, messageLongitude } from '../events/event-messages.js';
import type { EventRecord } from '../events/event-record.js';
import type { EventSource } from '../events/event-source.js';

export const fireEventMessage = z.object({
  latitude: messageLatitude,
  longitude: messageLongitude,
  /** Acquisition instant (date + HHMM, UTC). */
  acqTime: messageInstant,
  satellite: z.string().min(1).max(16),
  instrument: z.string().max(16).optional(),
  dataset: z.string().max(64).optional(),
  confidence: z.string().max(8).nullable().optional(),
  frp: z.number().nullable().optional(),
  brightness: z.number().nullable().optional(),
  dayNight: z.enum(['D', 'N']).nullable().optional(),
});
export type FireEventMessage = z.infer<typeof fireEventMessage>;

/** The canonical URL of a fire detection, from its natural key (satellite, instant, position). */
export function fireEventUrl(message: Pick<FireEventMessage, 'satellite' | 'acqTime' | 'latitude' | 'longitude'>): string {
  const instant = new Date(message.acqTime).toISOString().slice(0, 16);
  return `vantage:fire/${encodeURIComponent(message.satellite)}/${instant}Z/${message.latitude.toFixed(5)},${message.longitude.toFixed(5)}`;
}

function fireRecord(message: FireEventMessage): EventRecord {
  const details = [
    message.confidence ? `confidence ${message.confidence}` : null,
    message.frp !== null && message.frp !== undefined ? `FRP ${message.frp} MW` : null,
    message.dataset ?? null,
  ].filter(Boolean);
  return {
    sourceType: 'fire',
    url: fireEventUrl(message),
    title: `Fire detection by ${satelliteName(message.satellite)} at ${message.latitude.toFixed(3)}, ${message.longitude.toFixed(3)}`,
    summary: details.length ? details.join(', ') : null,
    geometry: { type: 'Point', coordinates: [message.longitude, message.latitude] },
    occurredAt: new Date(message.acqTime).toISOString(),
    payload: message,
  };
}

export const fireEvents: EventSource<FireEventMessage> = {
  subject: 'events.fire',
  message: fireEventMessage,
  url: fireEventUrl,
  record: fireRecord,
};
