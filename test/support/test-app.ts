// Builds the real Fastify app against a fresh test database and the shared nats-server, for app.inject.
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { parseServerConfig, type ServerConfig, type ServerConfigInput } from '../../server/config.js';
import { createMigratedTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_TOKEN = 'test-token-0123456789abcdef';
export const TEST_HOST = '127.0.0.1:4100';

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The API's config for a test app on `databaseUrl`: the shared test bus, the test token, no schedules, and no gazetteer
 * load unless the test's settings ask for it (GAZETTEER_LOAD: 'on'). Started workers would otherwise load the whole
 * packaged gazetteer in the background of every test that starts them: seconds of both cores that no such test reads.
 */
export function testServerConfig(databaseUrl: string, overrides: Partial<ServerConfigInput> = {}): ServerConfig {
  const { settings, ...rest } = overrides;
  return parseServerConfig({
    databaseUrl,
    natsUrl: inject('natsUrl'),
    natsToken: inject('natsToken'),
    apiToken: TEST_TOKEN,
    port: 4100,
    dataDir: '/nonexistent-test-data-dir',
    schedulesEnabled: false,
    ...rest,
    settings: { GAZETTEER_LOAD: 'off', ...settings },
  });
}

export async function createTestApp(overrides: Partial<ServerConfigInput> = {}, options: BuildAppOptions = {}): Promise<TestApp> {
  const database = await createMigratedTestDatabase();
  const config = testServerConfig(database.url, overrides);
  const app = await buildApp(config, options);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export const authorized = { authorization: `Bearer ${TEST_TOKEN}`, host: TEST_HOST };
