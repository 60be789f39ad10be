// Messages on the live WebSocket, both ways.
import { z } from 'zod';
import type { CorrelationPair } from '../aircraft/aircraft-schemas.js';
import type { LiveEvent } from '../events/event-schemas.js';
import type { Alert } from '../geofences/geofence-schemas.js';
import type { HealthReport } from '../health/health-schemas.js';

const lon = z.number().min(-540).max(540);
const lat = z.number().min(-90).max(90);

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('viewport'),
    bbox: z.tuple([lon, lat, lon, lat]).refine(([, south, , north]) => south <= north, 'south must not exceed north'),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * Every message the server sends on the live socket; the renderer imports this very type. Events come in `events`:
 * all a client is due from one turn of the server's event loop (often a stored batch) in one message, in order.
 */
export type ServerMessage =
  | { type: 'events'; events: LiveEvent[] }
  | { type: 'alert'; alert: Alert }
  | { type: 'health'; health: Pick<HealthReport, 'status' | 'pipelines'> }
  | { type: 'correlation'; correlation: CorrelationPair }
  | { type: 'viewport'; bbox: [number, number, number, number] }
  | { type: 'pong' }
  | { type: 'error'; error: { code: string; message: string } };
