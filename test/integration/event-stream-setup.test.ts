// The event stream's durable consumer: made with the redelivery wait, and an existing one (made by an earlier
// version with another wait) brought to it, against a real nats-server of the file's own.
import { AckPolicy, connect, DeliverPolicy, type NatsConnection, nanos } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAM, INGESTER_CONSUMER } from '../../server/events/event-messages.js';
import { DEFAULT_ACK_WAIT_MS, ensureEventStream } from '../../server/events/event-stream-setup.js';
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
});
