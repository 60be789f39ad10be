// Every /api route but GET /api/health needs `Authorization: Bearer <token>`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/api-error.js';
import { closeSocketAfterRefusal } from '../http/close-after-refusal.js';

const PUBLIC_ROUTES = new Set(['GET /api/health', 'HEAD /api/health']);

// Browsers cannot set headers on a WebSocket, so the live socket takes its token in the query.
const LIVE_PATH = '/api/live';

function tokenFromHeader(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}

function tokenFromQuery(url: string): string | null {
  return new URL(url, 'http://localhost').searchParams.get('token') || null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

async function bearerAuthPlugin(app: FastifyInstance): Promise<void> {
  const expected = digest(app.config.apiToken);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') && path !== '/api') return;
    if (PUBLIC_ROUTES.has(`${request.method} ${path}`)) return;
    const presented = path === LIVE_PATH ? tokenFromQuery(request.url) : tokenFromHeader(request.headers.authorization);
    // Comparing digests keeps the comparison constant-time whatever the length.
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      closeSocketAfterRefusal(request, reply);
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody('unauthorized', presented ? 'invalid token' : path === LIVE_PATH ? 'missing ?token=' : 'missing bearer token'));
    }
  });
}

export default fp(bearerAuthPlugin, { name: 'bearer-auth', dependencies: ['config'] });
