// GET /api/live: the WebSocket. The token comes as ?token= (browsers cannot set a WebSocket's headers) or
// the bearer header, checked in bearer-auth; a foreign page's Origin is refused by the host guard.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { TOKEN_OR_QUERY_ROUTE } from '../http/route-access.js';
import { clientMessage } from './live-messages.js';
import type { LiveHub } from './live-hub.js';
import { normaliseViewport } from './viewport.js';

const liveQuery = z.object({ token: z.string().max(512).optional() }).strict();

export async function liveRoutes(app: FastifyInstance, options: { hub: LiveHub; maxMessageBytes: number }): Promise<void> {
  const { hub } = options;
  // A plain GET or HEAD (no Upgrade) is told what the address is instead of the plugin's empty 404.
  const upgradeOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
    void reply.header('upgrade', 'websocket');
    throw new ApiError(426, 'upgrade_required', 'GET /api/live is the live WebSocket: open it with an Upgrade: websocket handshake');
  };
  app.get('/api/live', { websocket: true, config: TOKEN_OR_QUERY_ROUTE, schema: { querystring: liveQuery }, preHandler: upgradeOnly }, (socket) => {
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
