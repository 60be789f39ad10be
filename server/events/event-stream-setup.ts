// Declares the JetStream stream that keeps event messages until the ingester has stored them, and its durable consumer.
import { AckPolicy, DeliverPolicy, type NatsConnection, nanos, RetentionPolicy, StorageType } from 'nats';
import { EVENT_STREAM, INGESTER_CONSUMER } from './event-messages.js';

/** `ackWaitMs`: how long a delivered, unacked message waits before redelivery (an ingester that died). */
export async function ensureEventStream(connection: NatsConnection, options: { ackWaitMs?: number } = {}): Promise<void> {
  const manager = await connection.jetstreamManager();
  try {
    await manager.streams.info(EVENT_STREAM);
  } catch {
    try {
      await manager.streams.add({
        name: EVENT_STREAM,
        subjects: ['events.>'],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_age: nanos(7 * 24 * 3600 * 1000),
        duplicate_window: nanos(2 * 60 * 1000),
      });
    } catch (error) {
      // Another API process created it at the same moment.
      await manager.streams.info(EVENT_STREAM).catch(() => Promise.reject(error));
    }
  }
  try {
    await manager.consumers.info(EVENT_STREAM, INGESTER_CONSUMER);
  } catch {
    await manager.consumers.add(EVENT_STREAM, {
      durable_name: INGESTER_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: 'events.>',
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_ack_pending: 20_000,
    }).catch(async (error) => {
      await manager.consumers.info(EVENT_STREAM, INGESTER_CONSUMER).catch(() => Promise.reject(error));
    });
  }
}
