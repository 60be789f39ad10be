// What the event store keeps of one event, and how each bus message becomes one.
import type { CameraEventMessage, EventSubject, FireEventMessage } from './event-messages.js';

export const EVENT_SOURCE_TYPES = ['fire', 'camera', 'news', 'aircraft', 'incident', 'alert'] as const;
export type EventSourceType = (typeof EVENT_SOURCE_TYPES)[number];

export interface GeoJsonGeometry {
  type: string;
  coordinates: unknown;
}

export interface EventRecord {
  sourceType: EventSourceType;
  url: string;
  title: string;
  summary: string | null;
  geometry: GeoJsonGeometry | null;
  occurredAt: string;
  payload: Record<string, unknown>;
}

/** The canonical URL of a fire detection, from its natural key (satellite, instant, position). */
export function fireEventUrl(message: Pick<FireEventMessage, 'satellite' | 'acqTime' | 'latitude' | 'longitude'>): string {
  const instant = new Date(message.acqTime).toISOString().slice(0, 16);
  return `vantage:fire/${encodeURIComponent(message.satellite)}/${instant}Z/${message.latitude.toFixed(5)},${message.longitude.toFixed(5)}`;
}

export function cameraEventUrl(message: Pick<CameraEventMessage, 'urlHash'>): string {
  return `vantage:camera/${message.urlHash}`;
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
    title: `Fire detection by ${message.satellite} at ${message.latitude.toFixed(3)}, ${message.longitude.toFixed(3)}`,
    summary: details.length ? details.join(', ') : null,
    geometry: { type: 'Point', coordinates: [message.longitude, message.latitude] },
    occurredAt: new Date(message.acqTime).toISOString(),
    payload: message,
  };
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

export function recordFromMessage(subject: EventSubject, message: FireEventMessage | CameraEventMessage): EventRecord {
  return subject === 'events.fire' ? fireRecord(message as FireEventMessage) : cameraRecord(message as CameraEventMessage);
}
