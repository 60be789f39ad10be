// Makes the parsed server config available as app.config.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

async function configPlugin(app: FastifyInstance, options: { config: ServerConfig }): Promise<void> {
  app.decorate('config', options.config);
}

export default fp(configPlugin, { name: 'config' });
