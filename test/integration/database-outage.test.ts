import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NatsConnection } from 'nats';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../main/stack/data-dir.js';
import { PostgresService } from '../../main/stack/postgres-service.js';
import { runMigrations } from '../../migrations/migration-runner.js';
import { buildApp } from '../../server/app.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { connectTestBus, waitUntilDrained } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { authorized, testServerConfig } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';
import type { FastifyInstance } from 'fastify';

describe('PostgreSQL restarts under load: 503 meanwhile, the pool recovers, nothing lost or doubled', () => {
  let root: string;
  let postgres: PostgresService;
  let nats: OwnNats;
  let app: FastifyInstance;
  let workers: Workers;
  let bus: NatsConnection;
  // What PostgreSQL's output was logged as: pino's level (50 error, 20 debug) and the line.
  const serverLines: Array<{ level: number; msg: string }> = [];
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
    const logger = pino({ level: 'debug' }, { write: (line: string) => void serverLines.push(JSON.parse(line) as { level: number; msg: string }) });
    postgres = new PostgresService({ dataDir, logger });
    await postgres.start();
    await runMigrations(postgres.url);
    nats = await startOwnNats();
    app = await buildApp(testServerConfig(postgres.url, { natsUrl: nats.url, natsToken: nats.token, dataDir, ingesterAckWaitMs: 1_000 }));
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

  it('logs a crashed session process at error with the whole statement it ran, and the pool recovers', async () => {
    const victim = new pg.Client({ connectionString: postgres.url });
    victim.on('error', () => undefined);
    await victim.connect();
    const pid = Number((await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
    const running = victim.query('SELECT pg_sleep(30),\n       1 AS statement_second_line').then(
      () => 'answered',
      () => 'cut off',
    );
    await waitFor(async () => (Number((await queryOnce<{ n: string }>(postgres.url, `SELECT count(*) AS n FROM pg_stat_activity WHERE pid = ${pid} AND state = 'active'`))[0]?.n) === 1 ? true : undefined), 10_000, 'the statement to run');
    // What a crash in PostgreSQL's or an extension's code does to a session's process.
    process.kill(pid, 'SIGSEGV');
    expect(await running).toBe('cut off');
    const errors = () => serverLines.filter((line) => line.level >= 50).map((line) => line.msg);
    await waitFor(async () => (errors().some((line) => line.includes('statement_second_line')) ? true : undefined), 10_000, 'the crash in the log');
    expect(errors()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`server process \\(PID ${pid}\\) was terminated by signal 11`)),
        expect.stringMatching(/Failed process was running: SELECT pg_sleep\(30\),$/),
        expect.stringMatching(/1 AS statement_second_line/),
      ]),
    );
    // The server restarts every session and recovers; the app's pool finds it again.
    await waitFor(async () => ((await health()).database.ok ? true : undefined), 30_000, 'the database to come back');
    expect((await ingest(1_000, 10)).json()).toMatchObject({ stored: 10 });
    await victim.end().catch(() => undefined);
  }, 60_000);
});
