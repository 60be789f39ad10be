import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuntimeFile } from '../../main/stack/runtime-file.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { isProcessAlive, waitFor } from '../support/process-check.js';
import { LiveClient } from '../support/live-client.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';
import { SCHEMA_HEADS } from '../support/schema-heads.js';
import { loadRevisions } from '../../migrations/migration-files.js';

async function health(runtime: { apiUrl: string; token: string }): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${runtime.apiUrl}/api/health`, { headers: { authorization: `Bearer ${runtime.token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('stack supervisor with embedded PostgreSQL and bundled NATS', () => {
  let dataDir: string;
  let supervisor: StackSupervisor;
  let firstApiUrl: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-stack-'));
    supervisor = new StackSupervisor({
      settings: readStackSettings({ VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      logger: createStackLogger({ dataDir, level: 'warn', quiet: true }),
      echoApiOutput: false,
      apiRestartDelayMs: { initial: 200, max: 1_000 },
      serverOverrides: { schedulesEnabled: false },
    });
  });
  afterAll(async () => {
    await supervisor?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('first run: initdb, PostGIS, migrations, ready, runtime.json (0600)', async () => {
    const runtime = await supervisor.start();
    expect(runtime.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    firstApiUrl = runtime.apiUrl;
    expect((await readFile(path.join(dataDir, 'api-port'), 'utf8')).trim()).toBe(new URL(runtime.apiUrl).port);
    const file = await readRuntimeFile(dataDir);
    expect(file).toEqual(runtime);
    expect((await stat(path.join(dataDir, 'runtime.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'pg.password'))).mode & 0o777).toBe(0o600);

    const { status, body } = await health(runtime);
    expect(status).toBe(200);
    expect(body.database).toMatchObject({ ok: true, schemaHeads: SCHEMA_HEADS });
    expect((body.database as { postgis: string }).postgis).toMatch(/^3\./);
    expect(body.bus).toEqual({ ok: true, jetstream: true });
    // The data key came from the supervisor (keychain or key file), over IPC only.
    expect(['keychain', 'file']).toContain((body.keys as { storage: string }).storage);
  });

  it('hands the data key to the API process over IPC, never in its environment or command line', async () => {
    const keyFile = path.join(dataDir, 'keys', 'data-key');
    const dataKey = (await readFile(keyFile, 'utf8').catch(() => '')).trim();
    const pid = supervisor.api!.pid!;
    const environ = await readFile(`/proc/${pid}/environ`);
    const cmdline = await readFile(`/proc/${pid}/cmdline`);
    for (const secret of [dataKey, supervisor.runtimeInfo!.token].filter(Boolean)) {
      expect(environ.includes(secret)).toBe(false);
      expect(cmdline.includes(secret)).toBe(false);
    }
    expect(dataKey === '' || Buffer.from(dataKey, 'base64').length === 32).toBe(true);
  });

  it('refuses the API without the token over real HTTP', async () => {
    const runtime = supervisor.runtimeInfo!;
    const refused = await fetch(`${runtime.apiUrl}/api/jobs/partitions`, { method: 'POST' });
    expect(refused.status).toBe(401);
    const accepted = await fetch(`${runtime.apiUrl}/api/jobs/partitions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${runtime.token}` },
    });
    expect(accepted.status).toBe(200);
  });

  it('restarts a killed API process on the same address', async () => {
    const runtime = supervisor.runtimeInfo!;
    const firstPid = supervisor.api!.pid!;
    const restarted = new Promise((resolve) => supervisor.once('api-restarted', resolve));
    process.kill(firstPid, 'SIGKILL');
    await restarted;
    expect(supervisor.api!.pid).not.toBe(firstPid);
    expect(isProcessAlive(firstPid)).toBe(false);
    const { status, body } = await health(runtime);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
  });

  it('stops in reverse order, removes runtime.json and leaves no process behind', async () => {
    const pids = [supervisor.api!.pid, supervisor.postgres!.pid, supervisor.nats!.pid];
    expect(pids.every((pid) => isProcessAlive(pid))).toBe(true);
    await supervisor.stop();
    expect(await readRuntimeFile(dataDir)).toBeNull();
    expect(pids.filter((pid) => isProcessAlive(pid))).toEqual([]);
  });

  it('a warm start of the same data dir skips initdb and comes back healthy, on the same address (the page keeps its storage)', async () => {
    const again = new StackSupervisor({
      settings: readStackSettings({ VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      logger: createStackLogger({ dataDir, level: 'warn', quiet: true }),
      echoApiOutput: false,
      serverOverrides: { schedulesEnabled: false },
    });
    const steps: string[] = [];
    again.on('progress', (step) => steps.push(step));
    try {
      const runtime = await again.start();
      expect(steps).not.toContain('initialising the database (first run)');
      expect((await health(runtime)).body.database).toMatchObject({ ok: true, schemaHeads: SCHEMA_HEADS });
      expect(runtime.apiUrl).toBe(firstApiUrl);
    } finally {
      await again.stop();
    }
  });
});

describe('stack supervisor with DATABASE_URL and NATS_URL (scale-out)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let nats: OwnNats;
  let slowDirectory: http.Server;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-external-'));
    // Its own NATS: the shared test bus has other files' ingesters on the same durable consumer.
    nats = await startOwnNats();
    // A camera directory that answers slowly, so a crawl is still running when the other instance asks;
    // it lists one camera (listed, never fetched), since a directory with nothing usable fails the run.
    slowDirectory = http.createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('http://8.8.8.8/cam.mjpg\n'), 1_500);
    });
    await new Promise<void>((resolve) => slowDirectory.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => slowDirectory?.close(resolve));
    await nats?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('two API stacks on one database and one NATS: migrations once, each event stored once and seen live on both, a job run once at a time', async () => {
    const env = (instance: number) => ({
      VANTAGE_DATA_DIR: path.join(dataDir, `instance-${instance}`),
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      NATS_TOKEN: nats.token,
      VANTAGE_TOKEN: `scale-out-token-${instance}-0123456789`,
      CAMERA_SOURCES: `http://127.0.0.1:${(slowDirectory.address() as AddressInfo).port}/list.txt`,
      ...OFFLINE_STACK_ENV,
    });
    // Two API stacks, as on two machines: each its own data dir, one shared database and NATS.
    const stacks = [0, 1].map(
      (instance) =>
        new StackSupervisor({
          settings: readStackSettings(env(instance)),
          logger: createStackLogger({ level: 'warn', quiet: true }),
          echoApiOutput: false,
          // The slow directory is on loopback, which only the test allowance lets the crawl reach.
          serverOverrides: { schedulesEnabled: false, cameraTestAllowedHosts: [`127.0.0.1:${(slowDirectory.address() as AddressInfo).port}`] },
        }),
    );
    const clients: LiveClient[] = [];
    try {
      expect(stacks.every((stack) => stack.postgres === null && stack.nats === null)).toBe(true);
      // Both start together: the migrations are applied once under the advisory lock.
      const runtimes = await Promise.all(stacks.map((stack) => stack.start()));
      expect(runtimes[0]!.apiUrl).not.toBe(runtimes[1]!.apiUrl);
      for (const runtime of runtimes) {
        const { body } = await waitFor(async () => {
          const answer = await health(runtime);
          return answer.status === 200 ? answer : undefined;
        }, 5_000, 'health');
        expect(body.database).toMatchObject({ ok: true, schemaHeads: SCHEMA_HEADS });
        expect(body.bus).toEqual({ ok: true, jetstream: true });
      }
      const migrations = await queryOnce<{ n: number; once: boolean }>(
        database.url,
        'SELECT count(*)::int AS n, bool_and(c = 1) AS once FROM (SELECT revision, count(*) AS c FROM schema_migrations GROUP BY revision) r',
      );
      expect(migrations).toEqual([{ n: (await loadRevisions()).length, once: true }]);

      // A live client on each instance; fires ingested through the first one.
      for (const runtime of runtimes) {
        const client = await LiveClient.open(`${runtime.apiUrl.replace('http', 'ws')}/api/live?token=${encodeURIComponent(runtime.token)}`);
        clients.push(client);
        await client.setViewport([-180, -90, 180, 90]);
      }
      const fires = [0, 1, 2].map((index) => ({ latitude: 37 + index / 10, longitude: -120, acq_time: '2026-11-21T10:00:00Z', satellite: 'N', confidence: 'h', frp: 5 }));
      const ingest = await fetch(`${runtimes[0]!.apiUrl}/api/ingest/fires`, {
        method: 'POST',
        headers: { authorization: `Bearer ${runtimes[0]!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(fires),
      });
      expect(ingest.status).toBe(200);
      for (const client of clients) await waitFor(() => (client.eventUrls().length >= 3 ? true : undefined), 15_000, 'three live fire events');
      for (const client of clients) expect(new Set(client.eventUrls()).size).toBe(3);
      const stored = await queryOnce<{ events: number; urls: number }>(
        database.url,
        `SELECT count(*)::int AS events, count(DISTINCT url)::int AS urls FROM events WHERE source_type = 'fire'`,
      );
      expect(stored).toEqual([{ events: 3, urls: 3 }]);

      // The same job asked of both instances at once: one runs it, the other says it is running.
      const run = (index: number) =>
        fetch(`${runtimes[index]!.apiUrl}/api/jobs/cameras`, { method: 'POST', headers: { authorization: `Bearer ${runtimes[index]!.token}` } }).then((response) => response.status);
      const statuses = await Promise.all([run(0), run(1)]);
      expect(statuses.sort()).toEqual([200, 409]);
    } finally {
      for (const client of clients) client.close();
      await Promise.all(stacks.map((stack) => stack.stop()));
    }
  });

  it('a chosen port taken before the API listens: it listens on a free one, named by the runtime and tried first next time; a port the user set is not swapped', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    const instanceDir = path.join(dataDir, 'port-taken');
    const settings = (extra: Record<string, string>) =>
      readStackSettings({ VANTAGE_DATA_DIR: instanceDir, DATABASE_URL: database.url, NATS_URL: nats.url, NATS_TOKEN: nats.token, ...OFFLINE_STACK_ENV, ...extra });
    const logger = createStackLogger({ level: 'error', quiet: true });
    try {
      // As if the supervisor had found it free and another program took it while the API process started.
      const chosen = new StackSupervisor({ settings: settings({}), logger, echoApiOutput: false, serverOverrides: { schedulesEnabled: false, port: taken } });
      try {
        const runtime = await chosen.start();
        const port = Number(new URL(runtime.apiUrl).port);
        expect(port).not.toBe(taken);
        expect((await health(runtime)).status).toBe(200);
        expect((await readRuntimeFile(instanceDir))?.apiUrl).toBe(runtime.apiUrl);
        expect((await readFile(path.join(instanceDir, 'api-port'), 'utf8')).trim()).toBe(String(port));
      } finally {
        await chosen.stop();
      }
      const fixed = new StackSupervisor({ settings: settings({ VANTAGE_PORT: String(taken) }), logger, echoApiOutput: false, serverOverrides: { schedulesEnabled: false } });
      await expect(fixed.start()).rejects.toThrow(`the API process failed to start: listen EADDRINUSE: address already in use 127.0.0.1:${taken}`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
