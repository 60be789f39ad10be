// The bus payloads that become events: one schema per subject, used by publishers and the ingester.
import { z } from 'zod';

export const EVENT_STREAM = 'EVENTS';
export const INGESTER_CONSUMER = 'ingester';
/** Core NATS subject on which each stored batch (an array of events) is announced to every API process's live hub. */
export const LIVE_EVENTS_SUBJECT = 'live.events';
export const LIVE_ALERTS_SUBJECT = 'live.alerts';
/** New aircraft–fire/incident pairs (an array), for every API process's live clients. */
export const LIVE_CORRELATIONS_SUBJECT = 'live.correlations';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const instant = z.iso.datetime({ offset: true });

export const fireEventMessage = z.object({
  latitude,
  longitude,
  /** Acquisition instant (date + HHMM, UTC). */
  acqTime: instant,
  satellite: z.string().min(1).max(16),
  instrument: z.string().max(16).optional(),
  dataset: z.string().max(64).optional(),
  confidence: z.string().max(8).nullable().optional(),
  frp: z.number().nullable().optional(),
  brightness: z.number().nullable().optional(),
  dayNight: z.enum(['D', 'N']).nullable().optional(),
});
export type FireEventMessage = z.infer<typeof fireEventMessage>;

export const cameraEventMessage = z.object({
  urlHash: z.string().regex(/^[0-9a-f]{64}$/),
  title: z.string().min(1).max(500),
  city: z.string().max(200).nullable().optional(),
  country: z.string().max(200).nullable().optional(),
  latitude,
  longitude,
  source: z.string().max(2000).optional(),
  discoveredAt: instant,
});
export type CameraEventMessage = z.infer<typeof cameraEventMessage>;

/** Most publishers send a batch: a message may carry one payload or an array of them. */
export const MAX_PAYLOADS_PER_MESSAGE = 5000;

export const EVENT_SUBJECTS = {
  'events.fire': fireEventMessage,
  'events.camera': cameraEventMessage,
} as const;
export type EventSubject = keyof typeof EVENT_SUBJECTS;

export function isEventSubject(subject: string): subject is EventSubject {
  return Object.hasOwn(EVENT_SUBJECTS, subject);
}
