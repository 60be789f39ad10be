import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../server/workers.js';
import { connectTestBus, waitUntilDrained } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

describe('nats-server goes away and comes back: nothing lost, nothing doubled', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let workers: Workers;
  let bus: NatsConnection;
  const count = async (sql: string) => Number((await queryOnce<{ n: string }>(subject.database.url, sql))[0]?.n);
  const detections = (offset: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ latitude: 10 + (offset + i) * 0.001, longitude: 20, acq_time: '2026-11-20T10:00:00Z', satellite: 'N20' }));
  const ingest = (payload: unknown) => subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: authorized, payload: payload as object });

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, schedulesEnabled: false, ingesterAckWaitMs: 1_000 });
    workers = startWorkers(subject.app);
  });
  afterAll(async () => {
    await bus?.close();
    await workers?.stop();
    await subject?.close();
    await nats?.stop();
  });

  it('a batch sent while the bus is down is refused with 503 and stored nowhere; after the restart all is stored once', async () => {
    expect((await ingest(detections(0, 500))).json()).toMatchObject({ stored: 500 });
    await nats.pause();
    const refused = await ingest(detections(500, 500));
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('bus_unavailable');
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(500);

    await nats.resume();
    // The API's connection finds the server again by itself.
    await waitFor(async () => ((await subject.app.bus.status()).jetstream ? true : undefined), 20_000, 'the bus to come back');
    const retried = await ingest(detections(500, 500));
    expect(retried.json()).toMatchObject({ stored: 500 });
    expect((await ingest(detections(0, 1000))).json()).toMatchObject({ stored: 0, duplicate: 1000 });

    bus = await connectTestBus(nats.url, nats.token);
    await waitUntilDrained(bus, 30_000);
    await waitFor(async () => ((await count("SELECT count(*) AS n FROM events WHERE source_type = 'fire'")) === 1000 ? true : undefined), 20_000, 'all events');
    expect(await count('SELECT count(DISTINCT url) AS n FROM events')).toBe(1000);
    expect(await count('SELECT count(*) AS n FROM fires')).toBe(1000);
  }, 90_000);
});
