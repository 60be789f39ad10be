// Publishing raw bus messages and waiting for the ingester to catch up, for event tests.
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { EVENT_STREAM, INGESTER_CONSUMER } from '../../server/events/event-messages.js';
import { waitFor } from './process-check.js';

const codec = JSONCodec();

export async function connectTestBus(url: string, token: string): Promise<NatsConnection> {
  return connect({ servers: url, token });
}

/** Publishes without a message id, so JetStream's duplicate window does not hide re-sends. */
export async function publishRaw(connection: NatsConnection, subject: string, body: unknown): Promise<void> {
  const data = typeof body === 'string' ? new TextEncoder().encode(body) : codec.encode(body);
  await connection.jetstream().publish(subject, data);
}

/** Resolves once the durable consumer has nothing pending and nothing unacked. */
export async function waitUntilDrained(connection: NatsConnection, timeoutMs = 30_000): Promise<void> {
  const manager = await connection.jetstreamManager();
  await waitFor(
    async () => {
      const info = await manager.consumers.info(EVENT_STREAM, INGESTER_CONSUMER);
      return info.num_pending === 0 && info.num_ack_pending === 0 ? true : undefined;
    },
    timeoutMs,
    'the ingester to drain the consumer',
  );
}
