// Every /api route but GET /api/health needs `Authorization: Bearer <token>`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/api-error.js';

const PUBLIC_ROUTES = new Set(['GET /api/health', 'HEAD /api/health']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

async function bearerAuthPlugin(app: FastifyInstance): Promise<void> {
  const expected = digest(app.config.apiToken);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') && path !== '/api') return;
    if (PUBLIC_ROUTES.has(`${request.method} ${path}`)) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    // Comparing digests keeps the comparison constant-time whatever the length.
    if (!match || !timingSafeEqual(digest(match[1] as string), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody('unauthorized', match ? 'invalid token' : 'missing bearer token'));
    }
  });
}

export default fp(bearerAuthPlugin, { name: 'bearer-auth', dependencies: ['config'] });
