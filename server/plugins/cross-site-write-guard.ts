// A foreign web page can send a POST without a CORS preflight when its body is one of the "simple"
// content types (Fetch standard: CORS-safelisted request-header `Content-Type`). No state-changing
// route takes them, so such a request never reaches a handler, body or no body.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/api-error.js';

const SAFELISTED_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafelistedContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  return SAFELISTED_TYPES.has((header.split(';')[0] ?? '').trim().toLowerCase());
}

async function crossSiteWriteGuardPlugin(app: FastifyInstance): Promise<void> {
  // Fastify parses text/plain by default; nothing here reads it.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    if (READ_METHODS.has(request.method) || !isSafelistedContentType(request.headers['content-type'])) return;
    return reply
      .status(415)
      .send(errorBody('unsupported_media_type', `${request.method} does not take ${request.headers['content-type']}; send application/json (or text/csv to the fire ingest)`));
  });
}

export default fp(crossSiteWriteGuardPlugin, { name: 'cross-site-write-guard' });
