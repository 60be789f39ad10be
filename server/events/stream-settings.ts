// The event stream's settings: NATS_STREAM_REPLICAS (1 for the bundled single server; 3 advised for a cluster).
import { z } from 'zod';

export interface StreamSettings {
  replicas: number;
}

const streamSettingsSchema = z.object({
  NATS_STREAM_REPLICAS: z.coerce
    .number({ error: 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5' })
    .int({ error: 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5' })
    .min(1, { error: 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5' })
    .max(5, { error: 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (JetStream allows at most 5)' })
    .default(1),
});

export function readStreamSettings(settings: Record<string, string>): StreamSettings {
  const parsed = streamSettingsSchema.parse({ NATS_STREAM_REPLICAS: settings.NATS_STREAM_REPLICAS?.trim() || undefined });
  return { replicas: parsed.NATS_STREAM_REPLICAS };
}
