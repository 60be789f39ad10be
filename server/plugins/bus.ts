// The NATS connection as app.bus, drained when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Bus, connectBus } from '../bus/bus-connection.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

async function busPlugin(app: FastifyInstance): Promise<void> {
  const bus = await connectBus({
    url: app.config.natsUrl,
    token: app.config.natsToken,
    name: `vantage-api-${process.pid}`,
    logger: app.log,
  });
  app.decorate('bus', bus);
  app.addHook('onClose', async () => bus.close());
}

export default fp(busPlugin, { name: 'bus', dependencies: ['config'] });
