// GET /api/keys, POST /api/keys {provider, value}, DELETE /api/keys?provider=, POST /api/keys/:provider/test
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../http/safe-text.js';
import { ApiError } from '../http/api-error.js';
import { KEY_PROVIDERS } from './key-formats.js';
import { keyEntry, keyList, keyTestResult } from './key-schemas.js';
import type { KeyService } from './key-service.js';
import type { KeyTester } from './key-tester.js';
import { noContent } from '../http/response-schemas.js';

const provider = z.enum(KEY_PROVIDERS, { message: `provider must be one of ${KEY_PROVIDERS.join(', ')}` });
const postBody = z.object({ provider, value: safeText().min(1, 'value is required').max(512, 'value is too long') }).strict();

export async function keyRoutes(app: FastifyInstance, options: { keys: KeyService; tester: KeyTester }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/keys', { schema: { response: { 200: keyList } } }, async () => ({ keys: await options.keys.list() }));
  typed.post('/api/keys', { schema: { body: postBody, response: { 200: keyEntry } } }, async (request) => options.keys.set(request.body.provider, request.body.value));
  typed.delete('/api/keys', { schema: { querystring: z.object({ provider }).strict(), response: { 204: noContent } } }, async (request, reply) => {
    if (!(await options.keys.remove(request.query.provider))) throw new ApiError(404, 'not_found', `no ${request.query.provider} key is stored`);
    return reply.status(204).send(null);
  });
  // One real, cheap call to the provider with the key in use; a refusal is an answer (200, ok: false), not an error.
  typed.post(
    '/api/keys/:provider/test',
    { schema: { params: z.object({ provider }).strict(), response: { 200: keyTestResult } } },
    async (request) => {
      const result = await options.tester.test(request.params.provider);
      options.keys.recordTest(request.params.provider, result);
      return result;
    },
  );
}
