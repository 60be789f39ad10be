// The event stream's durable consumer: made with the redelivery wait, and an existing one (made by an earlier
// version with another wait) brought to it; the stream's size cap, made, brought to an older stream, and halved on a
// server that holds less; against real nats-servers of the file's own.
import { AckPolicy, connect, DeliverPolicy, DiscardPolicy, JSONCodec, type NatsConnection, nanos, StorageType } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAM, INGESTER_CONSUMER } from '../../server/events/event-messages.js';
import { DEFAULT_ACK_WAIT_MS, ensureEventStream, EVENT_STREAM_MAX_BYTES } from '../../server/events/event-stream-setup.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';

describe('ensureEventStream', () => {
  let nats: OwnNats;
  let connection: NatsConnection;
  const ackWaitMs = async () => (await (await connection.jetstreamManager()).consumers.info(EVENT_STREAM, INGESTER_CONSUMER)).config.ack_wait! / 1e6;

  beforeAll(async () => {
    nats = await startOwnNats();
    connection = await connect({ servers: nats.url, token: nats.token });
  });
  afterAll(async () => {
    await connection?.close();
    await nats?.stop();
  });

  it('makes the ingester consumer with a 10 s redelivery wait, and brings an older consumer to it', async () => {
    expect(DEFAULT_ACK_WAIT_MS).toBe(10_000);
    await ensureEventStream(connection);
    expect(await ackWaitMs()).toBe(10_000);

    // As an earlier version left it: the same consumer with a 30 s wait.
    const manager = await connection.jetstreamManager();
    await manager.consumers.delete(EVENT_STREAM, INGESTER_CONSUMER);
    await manager.consumers.add(EVENT_STREAM, {
      durable_name: INGESTER_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: 'events.>',
      ack_wait: nanos(30_000),
      max_ack_pending: 20_000,
    });
    const changes: object[] = [];
    await ensureEventStream(connection, { logger: { info: (details) => changes.push(details) } });
    expect(await ackWaitMs()).toBe(10_000);
    expect(changes).toEqual([{ consumer: INGESTER_CONSUMER, fromMs: 30_000, toMs: 10_000 }]);

    // Already right: nothing to change.
    await ensureEventStream(connection, { logger: { info: (details) => changes.push(details) } });
    expect(changes).toHaveLength(1);
  });

  it('caps the stream at 1 GB, dropping its oldest messages past the cap (publishing goes on), and caps an older uncapped stream', async () => {
    const manager = await connection.jetstreamManager();
    expect(EVENT_STREAM_MAX_BYTES).toBe(1024 ** 3);
    expect((await manager.streams.info(EVENT_STREAM)).config).toMatchObject({ max_bytes: EVENT_STREAM_MAX_BYTES, discard: DiscardPolicy.Old });

    // As an earlier version left it: no cap.
    await manager.streams.delete(EVENT_STREAM);
    await manager.streams.add({ name: EVENT_STREAM, subjects: ['events.>'], storage: StorageType.File });
    const changes: object[] = [];
    // A small cap, so that passing it is quick: 40 messages of 1 KB into 16 KB.
    await ensureEventStream(connection, { maxBytes: 16 * 1024, logger: { info: (details) => changes.push(details) } });
    expect(changes).toContainEqual({ stream: EVENT_STREAM, fromBytes: -1, toBytes: 16 * 1024 });
    const js = connection.jetstream();
    const codec = JSONCodec();
    for (let index = 0; index < 40; index += 1) await js.publish('events.news', codec.encode({ index, padding: 'x'.repeat(1000) }));
    const { state } = await manager.streams.info(EVENT_STREAM);
    expect(state.bytes).toBeLessThanOrEqual(16 * 1024);
    expect(state.last_seq).toBe(40);
    expect(state.first_seq).toBeGreaterThan(1);
  });
});

describe('ensureEventStream on a bus that holds less than the cap (a disk with little room)', () => {
  let nats: OwnNats;
  let connection: NatsConnection;

  beforeAll(async () => {
    nats = await startOwnNats({ maxFileStoreBytes: 300 * 1024 ** 2 });
    connection = await connect({ servers: nats.url, token: nats.token });
  });
  afterAll(async () => {
    await connection?.close();
    await nats?.stop();
  });

  it('takes the largest halving of the cap that fits, says so, and starts', async () => {
    const warnings: object[] = [];
    await ensureEventStream(connection, { logger: { info: () => undefined, warn: (details) => warnings.push(details) } });
    const { config } = await (await connection.jetstreamManager()).streams.info(EVENT_STREAM);
    // 1 GB and 512 MB do not fit in 300 MB; 256 MB does.
    expect(config.max_bytes).toBe(256 * 1024 ** 2);
    expect(warnings).toEqual([{ stream: EVENT_STREAM, wantedBytes: EVENT_STREAM_MAX_BYTES, takenBytes: 256 * 1024 ** 2 }]);
  });
});
