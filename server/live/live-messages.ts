// Messages on the live WebSocket, both ways.
import { z } from 'zod';

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

export type ServerMessage =
  | { type: 'event'; event: unknown }
  | { type: 'alert'; alert: unknown }
  | { type: 'health'; health: unknown }
  | { type: 'correlation'; correlation: unknown }
  | { type: 'viewport'; bbox: [number, number, number, number] }
  | { type: 'pong' }
  | { type: 'error'; error: { code: string; message: string } };
