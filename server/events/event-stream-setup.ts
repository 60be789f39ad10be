// Declares the JetStream stream that keeps event messages until the ingester has stored them, and its durable consumer.
import { AckPolicy, type ConsumerInfo, DeliverPolicy, type NatsConnection, nanos, RetentionPolicy, StorageType, type StreamInfo } from 'nats';
import { EVENT_STREAM, INGESTER_CONSUMER } from './event-messages.js';

/**
 * How long a delivered message may stay unacked before JetStream gives it to an ingester again: the events an
 * ingester held when its process died (a crash, a power cut) are stored this long after the restart. A batch is
 * stored in well under a second; a slower one redelivered meanwhile is stored once all the same (event_urls).
 */
export const DEFAULT_ACK_WAIT_MS = 10_000;

export interface EventStreamOptions {
  /** How long a delivered, unacked message waits before redelivery (an ingester that died); DEFAULT_ACK_WAIT_MS. */
  ackWaitMs?: number;
  /** NATS_STREAM_REPLICAS: copies of the stream kept on that many servers of a cluster; unset: 1 for a new stream, an existing one left as it is. */
  replicas?: number;
  logger?: { info(details: object, message: string): void };
}

/**
 * Creates the stream with the configured replicas, or brings an existing stream's replica count to it
 * (JetStream moves the copies in the background; the stream stays usable meanwhile).
 */
export async function ensureEventStream(connection: NatsConnection, options: EventStreamOptions = {}): Promise<void> {
  const manager = await connection.jetstreamManager();
  let existing: StreamInfo | null = null;
  try {
    existing = await manager.streams.info(EVENT_STREAM);
  } catch {
    try {
      await manager.streams.add({
        name: EVENT_STREAM,
        subjects: ['events.>'],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_age: nanos(7 * 24 * 3600 * 1000),
        duplicate_window: nanos(2 * 60 * 1000),
        num_replicas: options.replicas ?? 1,
      });
    } catch (error) {
      // Another API process created it at the same moment.
      existing = await manager.streams.info(EVENT_STREAM).catch(() => Promise.reject(error));
    }
  }
  const replicas = options.replicas;
  if (existing && replicas !== undefined && existing.config.num_replicas !== replicas) {
    options.logger?.info({ stream: EVENT_STREAM, from: existing.config.num_replicas, to: replicas }, 'changing the event stream replicas');
    await manager.streams.update(EVENT_STREAM, { num_replicas: replicas });
  }
  const ackWait = nanos(options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS);
  let consumer: ConsumerInfo | null = null;
  try {
    consumer = await manager.consumers.info(EVENT_STREAM, INGESTER_CONSUMER);
  } catch {
    await manager.consumers.add(EVENT_STREAM, {
      durable_name: INGESTER_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: 'events.>',
      ack_wait: ackWait,
      max_ack_pending: 20_000,
    }).catch(async (error) => {
      await manager.consumers.info(EVENT_STREAM, INGESTER_CONSUMER).catch(() => Promise.reject(error));
    });
  }
  // A consumer made by an earlier version (30 s) gets the wait of this one.
  if (consumer && consumer.config.ack_wait !== ackWait) {
    options.logger?.info({ consumer: INGESTER_CONSUMER, fromMs: (consumer.config.ack_wait ?? 0) / 1e6, toMs: ackWait / 1e6 }, 'changing the ingester redelivery wait');
    await manager.consumers.update(EVENT_STREAM, INGESTER_CONSUMER, { ack_wait: ackWait });
  }
}
