// More API processes on one test database, as a team runs several against a shared PostgreSQL: each with its own
// settings (a FIRE_DATASET, an ADSB_URL), one migrated database for all. For app.inject.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import type { ServerConfigInput } from '../../server/config.js';
import { testServerConfig } from './test-app.js';
import { createMigratedTestDatabase, type TestDatabase } from './test-database.js';

export interface SharedDatabase {
  database: TestDatabase;
  /** Builds and readies one more app on the database; closed by close(). */
  app(overrides?: Partial<ServerConfigInput>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function createSharedDatabase(): Promise<SharedDatabase> {
  const database = await createMigratedTestDatabase();
  const apps: FastifyInstance[] = [];
  return {
    database,
    async app(overrides = {}) {
      const app = await buildApp(testServerConfig(database.url, overrides));
      await app.ready();
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps.splice(0)) await app.close();
      await database.drop();
    },
  };
}
