import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { fireMessages } from '../support/event-fixtures.js';
import { publishRaw, waitUntilDrained } from '../support/ingest-helpers.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { queryOnce } from '../support/test-database.js';

describe('the API process killed while ingesting: nothing lost, nothing doubled', () => {
  let root: string;
  let supervisor: StackSupervisor;
  let bus: NatsConnection;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'vantage-crash-'));
    await chmod(root, 0o711);
    supervisor = new StackSupervisor({
      settings: readStackSettings({ ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'warn' }),
      logger: createStackLogger({ level: 'error', quiet: true }),
      echoApiOutput: false,
      apiRestartDelayMs: { initial: 200, max: 1_000 },
      // Unacked messages of the dead process come back after a second instead of thirty.
      serverOverrides: { schedulesEnabled: false, ingesterAckWaitMs: 1_000 },
    });
    await supervisor.start();
    bus = await connect({ servers: supervisor.nats!.url, token: supervisor.nats!.token });
  });
  afterAll(async () => {
    await bus?.close();
    await supervisor?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('SIGKILL mid-batch → supervisor restarts the API → every event stored exactly once', async () => {
    const total = 6000;
    const messages = fireMessages(total);
    const countRows = async () =>
      Number((await queryOnce<{ n: string }>(supervisor.postgres!.url, 'SELECT count(*) AS n FROM events'))[0]?.n);
    const restarted = new Promise((resolve) => supervisor.once('api-restarted', resolve));
    const publishing = (async () => {
      for (const message of messages) await publishRaw(bus, 'events.fire', message);
    })();
    // Kill once part of the stream is stored and more is on its way.
    while ((await countRows()) < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(supervisor.api!.pid!, 'SIGKILL');
    await publishing;
    await restarted;
    await waitUntilDrained(bus, 60_000);
    expect(await countRows()).toBe(total);
    const [distinct] = await queryOnce<{ n: string }>(supervisor.postgres!.url, 'SELECT count(DISTINCT url) AS n FROM events');
    expect(Number(distinct?.n)).toBe(total);
    const [rollup] = await queryOnce<{ n: string }>(supervisor.postgres!.url, 'SELECT sum(count) AS n FROM event_minute_rollup');
    expect(Number(rollup?.n)).toBe(total);
  }, 120_000);
});
