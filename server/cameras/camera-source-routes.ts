// GET/PUT/DELETE /api/cameras/sources: the public directories the crawl reads, edited in the app.
// A directory address with credentials in it is refused: the list is shown back to the user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cameraSourceList } from './camera-schemas.js';
import { safeText } from '../http/safe-text.js';
import { hasCredentials } from './camera-url.js';
import type { CameraSources } from './camera-sources.js';

const directoryUrl = safeText()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: 'each directory must be an http(s) URL' }))
  .refine((url) => URL.canParse(url) && !hasCredentials(url), 'a directory address must not carry credentials (user:password@, user=, pwd=, token=, …)');

const sourcesBody = z.object({ sources: z.array(directoryUrl).max(100, 'at most 100 directories') }).strict();

export async function cameraSourceRoutes(app: FastifyInstance, options: { sources: CameraSources }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/cameras/sources', { schema: { response: { 200: cameraSourceList } } }, async () => options.sources.current());
  routes.put('/api/cameras/sources', { schema: { body: sourcesBody, response: { 200: cameraSourceList } } }, async (request) => options.sources.save([...new Set(request.body.sources)]));
  routes.delete('/api/cameras/sources', { schema: { response: { 200: cameraSourceList } } }, async () => options.sources.reset());
}
