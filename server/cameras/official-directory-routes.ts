// GET /api/cameras/directories (the built-in official directories, each on or off with its latest crawl) and
// PUT /api/cameras/directories/:id {enabled} (switched on, it is crawled right away; 404 for an unknown id).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { officialDirectory, officialDirectoryList } from './camera-schemas.js';
import type { OfficialDirectoriesService } from './official-directories-service.js';

const directoryId = z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'a directory id is lower-case letters, digits and dashes') }).strict();
const switchBody = z.object({ enabled: z.boolean() }).strict();

export async function officialDirectoryRoutes(app: FastifyInstance, options: { directories: OfficialDirectoriesService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/cameras/directories', { schema: { response: { 200: officialDirectoryList } } }, async () => ({ directories: await options.directories.list() }));
  routes.put('/api/cameras/directories/:id', { schema: { params: directoryId, body: switchBody, response: { 200: officialDirectory } } }, async (request) =>
    options.directories.switch(request.params.id, request.body.enabled),
  );
}
