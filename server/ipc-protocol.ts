// The typed messages between the supervisor (main/) and the API process.
import { z } from 'zod';
import { serverConfigSchema } from './config.js';

export const supervisorMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), config: serverConfigSchema }),
  z.object({ type: z.literal('shutdown') }),
]);
export type SupervisorMessage = z.input<typeof supervisorMessageSchema>;

export type ApiProcessMessage =
  | { type: 'ready'; url: string; port: number; schemaHeads: string[] }
  | { type: 'fatal'; message: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };
