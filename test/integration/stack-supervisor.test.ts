import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readRuntimeFile } from '../../main/stack/runtime-file.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { isProcessAlive, waitFor } from '../support/process-check.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

async function health(apiUrl: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${apiUrl}/api/health`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('stack supervisor with embedded PostgreSQL and bundled NATS', () => {
  let dataDir: string;
  let supervisor: StackSupervisor;

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
    const file = await readRuntimeFile(dataDir);
    expect(file).toEqual(runtime);
    expect((await stat(path.join(dataDir, 'runtime.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'pg.password'))).mode & 0o777).toBe(0o600);

    const { status, body } = await health(runtime.apiUrl);
    expect(status).toBe(200);
    expect(body.database).toMatchObject({ ok: true, schemaHeads: ['006_merge_005'] });
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
    const { status, body } = await health(runtime.apiUrl);
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

  it('a warm start of the same data dir skips initdb and comes back healthy', async () => {
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
      expect((await health(runtime.apiUrl)).body.database).toMatchObject({ ok: true, schemaHeads: ['006_merge_005'] });
    } finally {
      await again.stop();
    }
  });
});

describe('stack supervisor with DATABASE_URL and NATS_URL (scale-out)', () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-external-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts no embedded server and two API stacks share one database and one NATS', async () => {
    const natsUrl = new URL(inject('natsUrl'));
    const env = (instance: number) => ({
      VANTAGE_DATA_DIR: path.join(dataDir, `instance-${instance}`),
      DATABASE_URL: database.url,
      NATS_URL: natsUrl.toString(),
      NATS_TOKEN: inject('natsToken'),
    });
    // Two API stacks, as on two machines: each its own data dir, one shared database and NATS.
    const stacks = [0, 1].map(
      (instance) =>
        new StackSupervisor({
          settings: readStackSettings(env(instance)),
          logger: createStackLogger({ level: 'warn', quiet: true }),
          echoApiOutput: false,
          serverOverrides: { schedulesEnabled: false },
        }),
    );
    try {
      expect(stacks.every((stack) => stack.postgres === null && stack.nats === null)).toBe(true);
      // Both start together: the migrations are applied once under the advisory lock.
      const runtimes = await Promise.all(stacks.map((stack) => stack.start()));
      expect(runtimes[0]!.apiUrl).not.toBe(runtimes[1]!.apiUrl);
      for (const runtime of runtimes) {
        const { body } = await waitFor(async () => {
          const answer = await health(runtime.apiUrl);
          return answer.status === 200 ? answer : undefined;
        }, 5_000, 'health');
        expect(body.database).toMatchObject({ ok: true, schemaHeads: ['006_merge_005'] });
        expect(body.bus).toEqual({ ok: true, jetstream: true });
      }
    } finally {
      await Promise.all(stacks.map((stack) => stack.stop()));
    }
  });
});
