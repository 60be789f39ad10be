import type { NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServerLogger } from '../../server/logger.js';
import { EventIngester } from '../../server/events/event-ingester.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { cameraEvents } from '../../server/cameras/camera-events.js';
import { fireEvents, fireEventUrl } from '../../server/fires/fire-events.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { PipelineStatusRepository } from '../../server/pipelines/pipeline-status-repository.js';
import { cameraMessage, fireMessage, fireMessages } from '../support/event-fixtures.js';
import { connectTestBus, publishRaw, waitUntilDrained } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

describe('bus ingester (real NATS JetStream, real PostgreSQL)', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let bus: NatsConnection;
  let ingester: EventIngester | null = null;

  const startIngester = (options: Partial<ConstructorParameters<typeof EventIngester>[0]> = {}): EventIngester => {
    ingester = new EventIngester({
      connection: subject.app.bus.connection,
      db: subject.app.db,
      sources: subject.app.eventSources,
      store: new EventStoreRepository(),
      pipelines: new PipelineStatusRepository(subject.app.db),
      log: createServerLogger({ level: 'silent', toStdout: false }),
      maxBatch: 500,
      ...options,
    });
    ingester.start();
    return ingester;
  };
  const count = async (sql: string) => Number((await queryOnce<{ n: string }>(subject.database.url, sql))[0]?.n);
  /** Waits (polling every 10 ms, at most 5 s) until `done` holds; `what` says what did not happen in time. */
  const waitUntil = async (what: () => string, done: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what()} after 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const clear = async () => {
    await queryOnce(subject.database.url, 'TRUNCATE events, event_urls, event_minute_rollup, pipeline_status');
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false, ingesterAckWaitMs: 1_000 });
    bus = await connectTestBus(nats.url, nats.token);
  });
  afterEach(async () => {
    await ingester?.stop();
    ingester = null;
    await clear();
  });
  afterAll(async () => {
    await bus?.close();
    await subject?.close();
    await nats?.stop();
  });

  it('stores fire and camera events once each, with a canonical fire URL, geometry and search text', async () => {
    const publisher = new EventPublisher(bus);
    await publisher.publishOne(fireEvents, fireMessage());
    await publisher.publishOne(cameraEvents, cameraMessage());
    startIngester();
    await waitUntilDrained(bus);
    const rows = await queryOnce<{ source_type: string; url: string; lon: number; lat: number; payload: { satellite?: string } }>(
      subject.database.url,
      'SELECT source_type, url, ST_X(geom) AS lon, ST_Y(geom) AS lat, payload FROM events ORDER BY source_type',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ source_type: 'fire', url: 'vantage:fire/N20/2026-11-21T07:48Z/38.12345,-120.54321', lon: -120.54321, lat: 38.12345 });
    expect(rows[0]?.payload.satellite).toBe('N20');
    expect(rows[1]).toMatchObject({ source_type: 'camera', lon: 126.978, lat: 37.5665 });
    expect(await count("SELECT count(*) AS n FROM events WHERE search_vector @@ websearch_to_tsquery('english', 'Seoul camera')")).toBe(1);
  });

  it('the same message twice, and the same URL twice in one batch, store one row and raise nothing', async () => {
    const fire = fireMessage();
    // Published before the ingester starts, so the three land in one batch.
    for (let i = 0; i < 3; i += 1) await publishRaw(bus, 'events.fire', fire);
    startIngester();
    await waitUntilDrained(bus);
    expect(await count('SELECT count(*) AS n FROM events')).toBe(1);
    // And again later, in a batch of its own.
    await publishRaw(bus, 'events.fire', fire);
    await waitUntilDrained(bus);
    expect(await count('SELECT count(*) AS n FROM events')).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM event_urls WHERE url = '${fireEventUrl(fire)}'`)).toBe(1);
    expect(await count('SELECT coalesce(sum(count), 0) AS n FROM event_minute_rollup')).toBe(1);
    expect(ingester?.counters).toMatchObject({ stored: 1, duplicates: 3, rejected: 0 });
  });

  it('a malformed message is acked, counted in health and stored nowhere', async () => {
    await publishRaw(bus, 'events.fire', '{not json');
    await publishRaw(bus, 'events.fire', { ...fireMessage(), latitude: 123 });
    await publishRaw(bus, 'events.camera', { title: 'no hash' });
    await publishRaw(bus, 'events.fire', fireMessage());
    startIngester();
    await waitUntilDrained(bus);
    expect(await count('SELECT count(*) AS n FROM events')).toBe(1);
    expect(await count("SELECT rejected AS n FROM pipeline_status WHERE name = 'ingester'")).toBe(3);
    const health = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(health.json().pipelines.ingester.rejected).toBe(3);
  });

  it('a message carrying an array stores each valid payload and counts each malformed one', async () => {
    await publishRaw(bus, 'events.fire', [fireMessage(), { ...fireMessage({ satellite: 'N21' }), acqTime: 'yesterday' }, fireMessage({ satellite: 'N21' })]);
    await publishRaw(bus, 'events.fire', []);
    startIngester();
    await waitUntilDrained(bus);
    expect(await count('SELECT count(*) AS n FROM events')).toBe(2);
    expect(await count("SELECT rejected AS n FROM pipeline_status WHERE name = 'ingester'")).toBe(2);
  });

  it('rows committed by an ingester that died before acking are not stored twice on redelivery', async () => {
    const messages = fireMessages(300);
    for (const message of messages) await publishRaw(bus, 'events.fire', message);
    // What the dead ingester committed: the first 200 rows, never acked.
    const store = new EventStoreRepository();
    await subject.app.db.transaction((client) => store.storeBatch(client, messages.slice(0, 200).map((m) => fireEvents.record(m))));
    startIngester();
    await waitUntilDrained(bus);
    expect(await count('SELECT count(*) AS n FROM events')).toBe(300);
    expect(await count('SELECT count(DISTINCT url) AS n FROM events')).toBe(300);
    expect(ingester?.counters).toMatchObject({ stored: 100, duplicates: 200 });
  });

  it('two ingesters (two API processes) share the durable consumer: each message is handled by one', async () => {
    const messages = fireMessages(2000);
    const one = startIngester();
    const other = new EventIngester({
      connection: subject.app.bus.connection,
      db: subject.app.db,
      sources: subject.app.eventSources,
      store: new EventStoreRepository(),
      pipelines: new PipelineStatusRepository(subject.app.db),
      log: createServerLogger({ level: 'silent', toStdout: false }),
      maxBatch: 100,
    });
    other.start();
    try {
      for (const message of messages) await publishRaw(bus, 'events.fire', message);
      await waitUntilDrained(bus);
      expect(await count('SELECT count(*) AS n FROM events')).toBe(2000);
      expect(one.counters.stored + other.counters.stored).toBe(2000);
      expect(one.counters.duplicates + other.counters.duplicates).toBe(0);
      expect(one.counters.stored).toBeGreaterThan(0);
      expect(other.counters.stored).toBeGreaterThan(0);
    } finally {
      await other.stop();
    }
  });

  it('a slow after-store step holds up no later batch: the steps run one at a time in store order, and stop waits for them', async () => {
    const stepsBegun: string[] = [];
    const stepsDone: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // One store slot: were the step to hold it, the second batch could not be stored until the gate opens.
    const slow = startIngester({
      concurrency: 1,
      afterStore: async (events) => {
        stepsBegun.push(events[0]!.url);
        await gate;
        stepsDone.push(events[0]!.url);
      },
    });
    const [first, second] = [fireMessage({ satellite: 'N20' }), fireMessage({ satellite: 'N21' })];
    const waitForStored = (n: number) => waitUntil(() => `${slow.counters.stored} of ${n} events stored`, () => slow.counters.stored >= n);
    try {
      await publishRaw(bus, 'events.fire', first);
      await waitForStored(1);
      await publishRaw(bus, 'events.fire', second);
      await waitForStored(2);
      expect(stepsBegun).toEqual([fireEventUrl(first)]);
    } finally {
      // Opened only now, while stop() is already waiting: it must wait for both steps.
      const stopping = slow.stop();
      release();
      await stopping;
    }
    expect(stepsDone).toEqual([fireEventUrl(first), fireEventUrl(second)]);
    ingester = null;
  });

  it('batches stored while an after-store step runs go to the next step together, in store order', async () => {
    const steps: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const merging = startIngester({
      concurrency: 1,
      afterStore: async (events) => {
        steps.push(events.map((event) => event.url));
        if (steps.length === 1) await gate;
      },
    });
    const messages = [fireMessage({ satellite: 'N20' }), fireMessage({ satellite: 'N21' }), fireMessage({ satellite: 'N' })];
    try {
      // One at a time: three batches, the first holding the step while the other two are stored.
      for (const [index, message] of messages.entries()) {
        await publishRaw(bus, 'events.fire', message);
        await waitUntil(() => `${merging.counters.stored} of ${index + 1} stored`, () => merging.counters.stored >= index + 1);
      }
      expect(steps).toEqual([[fireEventUrl(messages[0]!)]]);
      release();
      await waitUntil(() => 'no second step', () => steps.length === 2);
      expect(steps[1]).toEqual([fireEventUrl(messages[1]!), fireEventUrl(messages[2]!)]);
    } finally {
      release();
      await merging.stop();
    }
    expect(steps).toHaveLength(2);
    ingester = null;
  });

  it('storing waits while more than four stored batches wait for the after-store step, and goes on when it ends', async () => {
    const steps: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = startIngester({
      concurrency: 1,
      afterStore: async (events) => {
        steps.push(events.length);
        if (steps.length === 1) await gate;
      },
    });
    const messages = Array.from({ length: 7 }, (_, index) => fireMessage({ latitude: 10 + index }));
    const waitForStored = (n: number) => waitUntil(() => `${held.counters.stored} of ${n} events stored`, () => held.counters.stored >= n);
    try {
      // The first batch's step is held; five more batches wait for the next step, the fifth of them holding the
      // only store slot until a step ends.
      for (const [index, message] of messages.slice(0, 6).entries()) {
        await publishRaw(bus, 'events.fire', message);
        await waitForStored(index + 1);
      }
      await publishRaw(bus, 'events.fire', messages[6]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(held.counters.stored).toBe(6);
      release();
      await waitForStored(7);
    } finally {
      release();
      await held.stop();
    }
    // The held step, then the five waiting batches together, then the last.
    expect(steps).toEqual([1, 5, 1]);
    ingester = null;
  });

  it('an after-store step that throws at once fails alone: the next batches still get theirs', async () => {
    const steps: string[] = [];
    const throwing = startIngester({
      concurrency: 1,
      // Not async: it throws before giving a promise.
      afterStore: (events) => {
        steps.push(events[0]!.url);
        if (steps.length === 1) throw new Error('step failed at once');
        return Promise.resolve();
      },
    });
    const messages = [fireMessage({ satellite: 'N20' }), fireMessage({ satellite: 'N21' })];
    for (const [index, message] of messages.entries()) {
      await publishRaw(bus, 'events.fire', message);
      await waitUntil(() => `${steps.length} steps`, () => steps.length >= index + 1);
    }
    await throwing.stop();
    expect(steps).toEqual(messages.map((message) => fireEventUrl(message)));
    expect(throwing.counters.stored).toBe(2);
    ingester = null;
  });

  it('an ingester stopped mid-stream loses nothing: a second one finishes the rest, nothing doubled', async () => {
    const messages = fireMessages(3000);
    const first = startIngester();
    const publishing = (async () => {
      for (const message of messages) await publishRaw(bus, 'events.fire', message);
    })();
    // Stop the first ingester once it has stored part of the stream.
    while (first.counters.stored < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    await first.stop();
    await publishing;
    const second = startIngester();
    await waitUntilDrained(bus);
    expect(await count('SELECT count(*) AS n FROM events')).toBe(3000);
    expect(await count('SELECT count(DISTINCT url) AS n FROM events')).toBe(3000);
    expect(second.counters.stored).toBe(3000 - first.counters.stored);
  });
});
