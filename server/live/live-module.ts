// Live: the WebSocket hub (app.live) fed from the bus by every API process, and a health message to
// its clients every liveHealthIntervalMs once the server listens.
import websocket from '@fastify/websocket';
import type { DomainModule } from '../domain-module.js';
import { answerHandshakeRefusal } from './handshake-refusal.js';
import { LiveFeed } from './live-feed.js';
import { LiveHub } from './live-hub.js';
import { liveRoutes } from './live-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
    /** Hears the bus for the hub, and announces what this process stored (liveFeed.announceEvents). */
    liveFeed: LiveFeed;
  }
}

const MAX_CLIENT_MESSAGE_BYTES = 4096;

export const liveModule: DomainModule = {
  name: 'live',
  async register(app) {
    const hub = new LiveHub(app.config.liveMaxBufferedBytes);
    app.decorate('live', hub);
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.websocketServer.on('wsClientError', answerHandshakeRefusal);
    await app.register(liveRoutes, { hub, maxMessageBytes: MAX_CLIENT_MESSAGE_BYTES });
    const feed = new LiveFeed(app.bus.connection, hub, app.log);
    app.decorate('liveFeed', feed);
    feed.start();
    // Clients go before the app closes, or close would wait on their sockets.
    app.addHook('preClose', async () => {
      feed.stop();
      hub.closeAll();
    });
  },
  startWorkers(app) {
    const tick = setInterval(() => {
      if (app.live.snapshot().clients === 0) return;
      app.health
        .report()
        .then((health) => app.live.broadcast({ type: 'health', health: { status: health.status, pipelines: health.pipelines } }))
        .catch((error) => app.log.warn({ err: error }, 'live health tick failed'));
    }, app.config.liveHealthIntervalMs);
    tick.unref();
    return () => clearInterval(tick);
  },
};
