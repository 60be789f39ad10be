import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../main/stack/data-dir.js';
import { PostgresService } from '../../main/stack/postgres-service.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { runMigrations } from '../../migrations/migration-runner.js';
import { buildApp } from '../../server/app.js';
import { parseServerConfig } from '../../server/config.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { connectTestBus, waitUntilDrained } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { authorized, TEST_TOKEN } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';
import type { FastifyInstance } from 'fastify';

describe('PostgreSQL restarts under load: 503 meanwhile, the pool recovers, nothing lost or doubled', () => {
  let root: string;
  let postgres: PostgresService;
  let nats: OwnNats;
  let app: FastifyInstance;
  let workers: Workers;
  let bus: NatsConnection;
  const ingest = (offset: number, n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: Array.from({ length: n }, (_, i) => ({ latitude: -10 - (offset + i) * 0.001, longitude: 30, acq_time: '2026-11-20T11:00:00Z', satellite: 'N' })),
    });
  const health = async () => (await app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'vantage-pg-outage-'));
    await chmod(root, 0o711);
    const dataDir = path.join(root, 'data');
    await prepareDataDir(dataDir);
    postgres = new PostgresService({ dataDir, logger: createStackLogger({ level: 'error', quiet: true }) });
    await postgres.start();
    await runMigrations(postgres.url);
    nats = await startOwnNats();
    app = await buildApp(
      parseServerConfig({
        databaseUrl: postgres.url,
        natsUrl: nats.url,
        natsToken: nats.token,
        apiToken: TEST_TOKEN,
        port: 4100,
        dataDir,
        schedulesEnabled: false,
        ingesterAckWaitMs: 1_000,
      }),
    );
    await app.ready();
    workers = startWorkers(app);
    bus = await connectTestBus(nats.url, nats.token);
  });
  afterAll(async () => {
    await bus?.close();
    await workers?.stop();
    await app?.close();
    await nats?.stop();
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('answers 503 and degraded health while down, then recovers by itself', async () => {
    expect((await ingest(0, 300)).json()).toMatchObject({ stored: 300 });
    await postgres.stop();

    const refused = await ingest(300, 300);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('database_unavailable');
    // The fire list, written while its rows arrive, fails before its first: the same answer, not a cut-off 200.
    const list = await app.inject({ method: 'GET', url: '/api/fires', headers: authorized });
    expect(list.statusCode).toBe(503);
    expect(list.json().error.code).toBe('database_unavailable');
    const down = await health();
    expect(down.status).toBe('degraded');
    expect(down.database.ok).toBe(false);

    await postgres.start();
    await waitFor(async () => ((await health()).database.ok ? true : undefined), 20_000, 'the database to come back');
    expect((await ingest(300, 300)).json()).toMatchObject({ stored: 300 });
    expect((await ingest(0, 600)).json()).toMatchObject({ stored: 0, duplicate: 600 });

    await waitUntilDrained(bus, 30_000);
    const url = postgres.url;
    await waitFor(async () => (Number((await queryOnce<{ n: string }>(url, 'SELECT count(*) AS n FROM events'))[0]?.n) === 600 ? true : undefined), 30_000, 'all events');
    expect(Number((await queryOnce<{ n: string }>(url, 'SELECT count(DISTINCT url) AS n FROM events'))[0]?.n)).toBe(600);
    expect(Number((await queryOnce<{ n: string }>(url, 'SELECT count(*) AS n FROM fires'))[0]?.n)).toBe(600);
  }, 120_000);
});
