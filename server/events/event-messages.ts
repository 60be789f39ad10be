// The event stream on the bus, and the message fields its sources share (each source's own schema lives
// with its domain: fires/fire-events.ts, cameras/camera-events.ts).
import { z } from 'zod';

export const EVENT_STREAM = 'EVENTS';
export const INGESTER_CONSUMER = 'ingester';

/** Fields every source's messages share. */
export const messageLatitude = z.number().min(-90).max(90);
export const messageLongitude = z.number().min(-180).max(180);
export const messageInstant = z.iso.datetime({ offset: true });

/** Most publishers send a batch: a message may carry one payload or an array of them. */
export const MAX_PAYLOADS_PER_MESSAGE = 5000;
