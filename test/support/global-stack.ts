// Starts the real embedded PostgreSQL (+PostGIS) and nats-server once per test run.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDataDir } from '../../main/stack/data-dir.js';
import { NatsService } from '../../main/stack/nats-service.js';
import { PostgresService } from '../../main/stack/postgres-service.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { createTemplateDatabases } from './template-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the `postgres` maintenance database of the shared test cluster. */
    postgresAdminUrl: string;
    natsUrl: string;
    natsToken: string;
    /** The shared test cluster's data folder (for no-leak checks). */
    postgresDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-test-stack-'));
  await prepareDataDir(dataDir);
  // Errors of the shared servers go to the run's output too, since their folder goes at the end: a session's process
  // that crashed (one did, in GEOS, during a CI run) is told there with the statement it ran (serverLineLevels).
  const logger = createStackLogger({ dataDir, level: 'error' });
  const postgres = new PostgresService({ dataDir, logger });
  const nats = new NatsService({ dataDir, logger });
  await postgres.start();
  await nats.start();
  await createTemplateDatabases(postgres.urlFor('postgres'));
  // The servers run in their own process groups: a test run that is interrupted stops them itself.
  const onSignal = (signal: NodeJS.Signals) => {
    void Promise.allSettled([nats.stop(), postgres.stop()]).then(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  project.provide('postgresAdminUrl', postgres.urlFor('postgres'));
  project.provide('natsUrl', nats.url);
  project.provide('natsToken', nats.token);
  project.provide('postgresDataDir', postgres.clusterDir);
  return async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await nats.stop();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
