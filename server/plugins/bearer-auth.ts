// Deny by default: every route needs `Authorization: Bearer <token>` unless the route the router matched
// declares otherwise (server/http/route-access.ts). Deciding on the matched route, not on the raw URL,
// means no spelling of the path (percent-encoding, absolute form) can reach a route without its check.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/api-error.js';
import { closeSocketAfterRefusal } from '../http/close-after-refusal.js';
import '../http/route-access.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request carried the valid token (public routes may say more to such callers). */
    authenticated: boolean;
  }
}

function tokenFromHeader(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}

// The router's own parsed query, so `?%74oken=` is the same parameter as `?token=`.
function tokenFromQuery(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof value === 'string' && value !== '' ? value : null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

async function bearerAuthPlugin(app: FastifyInstance): Promise<void> {
  const expected = digest(app.config.apiToken);
  // Comparing digests keeps the comparison constant-time whatever the length.
  const isValid = (presented: string | null): boolean => presented !== null && timingSafeEqual(digest(presented), expected);
  app.decorateRequest('authenticated', false);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    const fromHeader = tokenFromHeader(request.headers.authorization);
    const presented = fromHeader ?? (access === 'token-or-query' ? tokenFromQuery(request) : null);
    request.authenticated = isValid(presented);
    if (request.authenticated || access === 'public') return;
    closeSocketAfterRefusal(request, reply);
    const message = presented ? 'invalid token' : access === 'token-or-query' ? 'missing bearer token or ?token=' : 'missing bearer token';
    return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('unauthorized', message));
  });
}

export default fp(bearerAuthPlugin, { name: 'bearer-auth', dependencies: ['config'] });
