// The database handle as app.db, closed with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase, type Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

async function databasePlugin(app: FastifyInstance, options: { database?: Database }): Promise<void> {
  const db =
    options.database ??
    createDatabase({
      url: app.config.databaseUrl,
      nullPool: app.config.dbNullPool,
      poolMax: app.config.dbPoolMax,
      logger: app.log,
    });
  app.decorate('db', db);
  if (!options.database) app.addHook('onClose', async () => db.close());
}

export default fp(databasePlugin, { name: 'database', dependencies: ['config'] });
