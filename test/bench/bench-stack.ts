// PostgreSQL (+ migrations) and NATS of a bench case's own, in a scratch data dir.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { prepareDataDir } from '../../main/stack/data-dir.js';
import { NatsService } from '../../main/stack/nats-service.js';
import { PostgresService } from '../../main/stack/postgres-service.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { runMigrations } from '../../migrations/migration-runner.js';

export interface BenchStack {
  databaseUrl: string;
  natsUrl: string;
  natsToken: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startBenchStack(): Promise<BenchStack> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vantage-bench-'));
  await chmod(root, 0o711);
  const dataDir = path.join(root, 'data');
  await prepareDataDir(dataDir);
  const logger = createStackLogger({ level: 'error', quiet: true });
  const postgres = new PostgresService({ dataDir, logger });
  const nats = new NatsService({ dataDir, logger });
  await postgres.start();
  await nats.start();
  await runMigrations(postgres.url);
  return {
    databaseUrl: postgres.url,
    natsUrl: nats.url,
    natsToken: nats.token,
    dataDir,
    async stop() {
      await nats.stop();
      await postgres.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
