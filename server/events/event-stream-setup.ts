// Declares the JetStream stream that keeps event messages until the ingester has stored them, and its durable consumer.
import { AckPolicy, type ConsumerInfo, DeliverPolicy, DiscardPolicy, type NatsConnection, nanos, RetentionPolicy, StorageType, type StreamInfo } from 'nats';
import { EVENT_STREAM, INGESTER_CONSUMER } from './event-messages.js';

/**
 * How long a delivered message may stay unacked before JetStream gives it to an ingester again: the events an
 * ingester held when its process died (a crash, a power cut) are stored this long after the restart. A batch is
 * stored in well under a second; a slower one redelivered meanwhile is stored once all the same (event_urls).
 */
export const DEFAULT_ACK_WAIT_MS = 10_000;

/**
 * The most the stream keeps on disk; past it the oldest messages go (long since stored: a busy day of the world's
 * fires is 40–120 MB of them). Without it the stream kept seven days whatever their size, up to the three quarters of
 * the free disk nats-server takes at its start, and nats-server 2.9 stops dead on a full disk.
 */
export const EVENT_STREAM_MAX_BYTES = 1024 ** 3;

// nats-server sets a stream's cap aside on its disk, and holds no more than three quarters of the disk free when it
// started: on a disk with less room the cap is halved until it fits (down to this), and else the stream has none.
const SMALLEST_CAP_BYTES = 64 * 1024 ** 2;
// "insufficient storage resources available" (one server); in a cluster a placement short of room is refused as
// "insufficient resources" or "no suitable peers for placement".
const INSUFFICIENT_STORAGE = new Set([10047, 10023, 10005]);

function isInsufficientStorage(error: unknown): boolean {
  return INSUFFICIENT_STORAGE.has((error as { api_error?: { err_code?: number } }).api_error?.err_code ?? 0);
}

/** Runs `attempt` with the largest cap the server can hold, `max` first; answers the cap taken (-1: none). */
async function withFittingCap(max: number, attempt: (maxBytes: number) => Promise<unknown>): Promise<number> {
  const caps = [max];
  for (let bytes = Math.floor(max / 2); bytes >= SMALLEST_CAP_BYTES; bytes = Math.floor(bytes / 2)) caps.push(bytes);
  caps.push(-1);
  let refused: unknown;
  for (const bytes of caps) {
    try {
      await attempt(bytes);
      return bytes;
    } catch (error) {
      if (!isInsufficientStorage(error)) throw error;
      refused = error;
    }
  }
  throw refused;
}

export interface EventStreamOptions {
  /** How long a delivered, unacked message waits before redelivery (an ingester that died); DEFAULT_ACK_WAIT_MS. */
  ackWaitMs?: number;
  /** NATS_STREAM_REPLICAS: copies of the stream kept on that many servers of a cluster; unset: 1 for a new stream, an existing one left as it is. */
  replicas?: number;
  /** The stream's size cap (EVENT_STREAM_MAX_BYTES). */
  maxBytes?: number;
  logger?: { info(details: object, message: string): void; warn?(details: object, message: string): void };
}

/**
 * Creates the stream with the configured replicas, or brings an existing stream's replica count to it
 * (JetStream moves the copies in the background; the stream stays usable meanwhile).
 */
export async function ensureEventStream(connection: NatsConnection, options: EventStreamOptions = {}): Promise<void> {
  const manager = await connection.jetstreamManager();
  const maxBytes = options.maxBytes ?? EVENT_STREAM_MAX_BYTES;
  const tellCap = (taken: number) => {
    if (taken !== maxBytes) options.logger?.warn?.({ stream: EVENT_STREAM, wantedBytes: maxBytes, takenBytes: taken }, 'the bus holds less than the event stream cap; a smaller cap taken');
  };
  let existing: StreamInfo | null = null;
  try {
    existing = await manager.streams.info(EVENT_STREAM);
  } catch {
    try {
      const taken = await withFittingCap(maxBytes, (bytes) =>
        manager.streams.add({
          name: EVENT_STREAM,
          subjects: ['events.>'],
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          max_age: nanos(7 * 24 * 3600 * 1000),
          duplicate_window: nanos(2 * 60 * 1000),
          max_bytes: bytes,
          discard: DiscardPolicy.Old,
          num_replicas: options.replicas ?? 1,
        }),
      );
      tellCap(taken);
    } catch (error) {
      // Another API process created it at the same moment.
      existing = await manager.streams.info(EVENT_STREAM).catch(() => Promise.reject(error));
    }
  }
  // A stream made by an earlier version kept everything for seven days, whatever its size; one capped lower on a
  // fuller disk gets the whole cap once the bus can hold it. Replicas and cap change in one update: a second one, sent
  // while a cluster moved the stream to its new replicas, timed out.
  const replicas = options.replicas;
  if (existing) {
    const before = existing.config.max_bytes;
    const moveReplicas = replicas !== undefined && existing.config.num_replicas !== replicas;
    if (moveReplicas || before !== maxBytes) {
      if (moveReplicas) options.logger?.info({ stream: EVENT_STREAM, from: existing.config.num_replicas, to: replicas }, 'changing the event stream replicas');
      const taken = await withFittingCap(maxBytes, (bytes) =>
        bytes === before && !moveReplicas
          ? Promise.resolve()
          : manager.streams.update(EVENT_STREAM, { ...(moveReplicas ? { num_replicas: replicas } : {}), max_bytes: bytes, discard: DiscardPolicy.Old }),
      );
      if (taken !== before) options.logger?.info({ stream: EVENT_STREAM, fromBytes: before, toBytes: taken }, 'capping the event stream');
      tellCap(taken);
    }
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
