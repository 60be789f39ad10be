// The Fastify app: infrastructure plugins (config, errors, the route table and its OpenAPI document,
// the host guard, auth, database, bus), then the domains, each registering its own routes, jobs and
// health facts (server/domains.ts).
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { DomainModule } from './domain-module.js';
import { answerClientError, answerFrameworkError, answerUnmetExpectation, MAX_PARAM_LENGTH } from './http/transport-errors.js';
import { appDomains } from './domains.js';
import bearerAuth from './plugins/bearer-auth.js';
import bus from './plugins/bus.js';
import configPlugin from './plugins/config.js';
import crossSiteWriteGuard from './plugins/cross-site-write-guard.js';
import database from './plugins/database.js';
import errorHandler from './plugins/error-handler.js';
import hostGuard from './plugins/host-guard.js';
import openApi from './plugins/openapi.js';
import routeTable from './plugins/route-table.js';
import { projectPath } from './project-root.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domains the app was built from, in order; their workers start once the server listens. */
    domains: readonly DomainModule[];
  }
}

const VERSION = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;

export interface BuildAppOptions {
  logger?: Logger | false;
  /** Share a database handle (tests); otherwise one is made from config. */
  database?: Database;
}

export async function buildApp(config: ServerConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
    // A stopping API process does not wait on keep-alive connections.
    forceCloseConnections: true,
    // Refusals made before any route, in the API's error shape (http/transport-errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });
  app.server.on('checkExpectation', answerUnmetExpectation);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(routeTable);
  await app.register(openApi, { version: VERSION });
  await app.register(hostGuard);
  await app.register(bearerAuth);
  await app.register(crossSiteWriteGuard);
  await app.register(database, options.database ? { database: options.database } : {});
  await app.register(bus);

  const domains = appDomains(VERSION);
  app.decorate('domains', domains);
  for (const domain of domains) await domain.register(app);
  return app;
}
