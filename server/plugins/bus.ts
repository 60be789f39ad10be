// The NATS connection as app.bus, drained when the app closes. The event stream is declared here with the
// configured replicas (NATS_STREAM_REPLICAS), so a cluster keeps it when one server is lost.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Bus, connectBus } from '../bus/bus-connection.js';
import { ensureEventStream } from '../events/event-stream-setup.js';
import { readStreamSettings } from '../events/stream-settings.js';

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
  try {
    const { replicas } = readStreamSettings(app.config.settings);
    await ensureEventStream(bus.connection, { replicas, ackWaitMs: app.config.ingesterAckWaitMs, logger: app.log });
  } catch (error) {
    await bus.close();
    throw error;
  }
  app.decorate('bus', bus);
  app.addHook('onClose', async () => bus.close());
}

export default fp(busPlugin, { name: 'bus', dependencies: ['config'] });
