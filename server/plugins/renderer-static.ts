// Serves the built renderer (renderer/dist) at `/` with a strict Content-Security-Policy.
// Without a build, `/` says how to make one instead of answering a bare 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_ROUTE } from '../http/route-access.js';
import { projectPath } from '../project-root.js';

export const DEFAULT_RENDERER_DIR = projectPath('renderer', 'dist');

// MapLibre draws in a blob: worker; tiles and the live socket go to this origin only ('self' covers
// ws:/wss: to the same host in CSP Level 3). With an online map style (MAP_STYLE_URL) its tiles, glyphs
// and sprites may come from any https host the style names.
export function rendererCsp(options: { onlineMapStyle: boolean }): string {
  const online = options.onlineMapStyle ? ' https:' : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${online}`,
    "font-src 'self' data:",
    `connect-src 'self'${online}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The build's files under `assets/` are named by a hash of their contents (Vite's bundles, and the basemap's tile
 * folder, renderer/basemap-tiles-plugin.ts): a name never comes back with other bytes, so the browser keeps them
 * without asking again. The page itself (index.html) names the current ones and is asked for each time.
 */
const HASHED_DIR = 'assets';
const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Vantage</title>
<body data-state="error"><h1>The user interface is not built</h1>
<p>Run <code>npm run build:renderer</code> (or <code>npm start</code>, which builds it) and reload.</p></body>`;

export interface RendererStaticOptions {
  rendererDir?: string;
  /** A function is asked at each answer: the map style may be set in the Sources panel while the app runs. */
  onlineMapStyle?: boolean | (() => boolean);
}

async function rendererStaticPlugin(app: FastifyInstance, options: RendererStaticOptions): Promise<void> {
  const root = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const online = options.onlineMapStyle ?? false;
  const policies = { online: rendererCsp({ onlineMapStyle: true }), offline: rendererCsp({ onlineMapStyle: false }) };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api')) {
      const onlineNow = typeof online === 'function' ? online() : online;
      reply.header('content-security-policy', onlineNow ? policies.online : policies.offline);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    }
    return payload;
  });
  // The page and its files need no token (it arrives in the address's fragment, which is never sent).
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, ...PUBLIC_ROUTE };
    });
    if (!existsSync(path.join(root, 'index.html'))) {
      files.get('/', async (_request, reply) => reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
      return;
    }
    const hashed = path.join(path.resolve(root), HASHED_DIR) + path.sep;
    await files.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      dotfiles: 'deny',
      setHeaders: (reply, file) => {
        if (path.resolve(file).startsWith(hashed)) reply.header('cache-control', HASHED_CACHE_CONTROL);
      },
    });
  });
}

export default fp(rendererStaticPlugin, { name: 'renderer-static' });
