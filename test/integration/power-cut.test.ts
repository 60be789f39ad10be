import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuntimeFile, type RuntimeInfo } from '../../main/stack/runtime-file.js';
import { fireMessages } from '../support/event-fixtures.js';
import { publishRaw, waitUntilDrained } from '../support/ingest-helpers.js';
import { isProcessAlive, waitFor } from '../support/process-check.js';
import { queryOnce } from '../support/test-database.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';

const root = path.resolve(import.meta.dirname, '..', '..');

interface NatsConfig {
  port: number;
  authorization: { token: string };
}

describe('power cut: SIGKILL the whole stack during ingest, start again, counts consistent', () => {
  let parent: string;
  let dataDir: string;
  let child: ChildProcess | null = null;

  const serve = async (): Promise<RuntimeInfo> => {
    child = spawn(process.execPath, ['--import', 'tsx', 'main/cli.ts'], {
      cwd: root,
      env: { ...process.env, ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      stdio: 'ignore',
    });
    return waitFor(() => readRuntimeFile(dataDir).then((info) => (info && info.pid === child?.pid ? info : undefined)), 90_000, 'runtime.json');
  };
  const servers = async () => {
    const postmaster = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const nats = Number((await readFile(path.join(dataDir, 'nats', 'nats-server.pid'), 'utf8')).trim());
    const config = JSON.parse(await readFile(path.join(dataDir, 'nats', 'nats-server.conf'), 'utf8')) as NatsConfig;
    const password = (await readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
    return { postmaster, nats, config, password };
  };

  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'vantage-power-cut-'));
    await chmod(parent, 0o711);
    dataDir = path.join(parent, 'data');
  });
  afterAll(async () => {
    if (child && isProcessAlive(child.pid)) child.kill('SIGINT');
    await waitFor(() => (!child || !isProcessAlive(child.pid) ? true : undefined), 30_000, 'the stack to stop').catch(() => undefined);
    await rm(parent, { recursive: true, force: true });
  });

  it('recovers the data dir and stores every event exactly once', async () => {
    const first = await serve();
    const before = await servers();
    const bus: NatsConnection = await connect({ servers: `nats://127.0.0.1:${before.config.port}`, token: before.config.authorization.token });
    const messages = fireMessages(4000);
    // Publish half, acknowledged by JetStream, then cut the power while the ingester works on them.
    for (const message of messages.slice(0, 2000)) await publishRaw(bus, 'events.fire', message);
    await bus.close();
    const apiPid = Number(
      (await readFile(`/proc/${first.pid}/task/${first.pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).find(Boolean) ?? 0,
    );
    for (const pid of [first.pid, apiPid, before.nats, before.postmaster]) if (pid && isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    await waitFor(() => ([first.pid, before.nats, before.postmaster].every((pid) => !isProcessAlive(pid)) ? true : undefined), 10_000, 'everything dead');

    // Start again on the same data dir: PostgreSQL replays its WAL, JetStream its store.
    await serve();
    const after = await servers();
    const url = `postgres://vantage:${encodeURIComponent(after.password)}@127.0.0.1:${(await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]}/vantage`;
    const again: NatsConnection = await connect({ servers: `nats://127.0.0.1:${after.config.port}`, token: after.config.authorization.token });
    try {
      for (const message of messages.slice(2000)) await publishRaw(again, 'events.fire', message);
      await waitUntilDrained(again, 60_000);
      await waitFor(async () => (Number((await queryOnce<{ n: string }>(url, 'SELECT count(*) AS n FROM events'))[0]?.n) === 4000 ? true : undefined), 30_000, 'all events');
      const [check] = await queryOnce<{ rows: string; urls: string; keys: string; rollup: string }>(
        url,
        `SELECT (SELECT count(*) FROM events) AS rows, (SELECT count(DISTINCT url) FROM events) AS urls,
                (SELECT count(*) FROM event_urls) AS keys, (SELECT sum(count) FROM event_minute_rollup) AS rollup`,
      );
      expect(check).toEqual({ rows: '4000', urls: '4000', keys: '4000', rollup: '4000' });
    } finally {
      await again.close();
    }
  }, 180_000);
});
