// GET /api/live: the WebSocket. Auth by ?token= (checked in bearer-auth); the client says its viewport.
import type { FastifyInstance } from 'fastify';
import { clientMessage } from './live-messages.js';
import type { LiveHub } from './live-hub.js';
import { normaliseViewport } from './viewport.js';

export async function liveRoutes(app: FastifyInstance, options: { hub: LiveHub; maxMessageBytes: number }): Promise<void> {
  const { hub } = options;
  app.get('/api/live', { websocket: true }, (socket) => {
    hub.add(socket);
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      if (text.length > options.maxMessageBytes) {
        socket.close(1009, 'message too big');
        return;
      }
      let parsed;
      try {
        parsed = clientMessage.safeParse(JSON.parse(text));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        hub.sendTo(socket, { type: 'error', error: { code: 'bad_request', message: 'expected {"type":"viewport","bbox":[w,s,e,n]}' } });
        return;
      }
      if (parsed.data.type === 'ping') {
        hub.sendTo(socket, { type: 'pong' });
        return;
      }
      const viewport = normaliseViewport(parsed.data.bbox);
      hub.setViewport(socket, viewport);
      // Acknowledging the viewport lets a client know from when on its feed matches it.
      hub.sendTo(socket, { type: 'viewport', bbox: viewport });
    });
  });
}
