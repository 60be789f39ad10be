// Requests must be addressed to this server and, when a browser says where they come from, come from it:
// a Host (or an absolute-form target's authority) that is not one of our addresses is refused (DNS
// rebinding), and so is a browser Origin other than the app's own (a foreign page reaching the API, the
// live socket above all, since WebSockets are outside CORS).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/api-error.js';
import { closeSocketAfterRefusal } from '../http/close-after-refusal.js';

export function allowedHostsFor(host: string, port: number, extra: readonly string[]): Set<string> {
  const hosts = new Set(extra.map((entry) => entry.toLowerCase()));
  const loopbackNames = host === '127.0.0.1' || host === '0.0.0.0' ? ['127.0.0.1', 'localhost'] : [host];
  if (host === '::1') loopbackNames.push('[::1]', 'localhost');
  for (const name of loopbackNames) hosts.add(`${name}:${port}`.toLowerCase());
  return hosts;
}

/** The authority the request names: an absolute-form target's own (RFC 9112 §3.2.2), else the Host header. */
function addressedHost(request: FastifyRequest): string | null {
  const target = request.raw.url ?? '';
  if (target.startsWith('/')) return (request.headers.host ?? '').toLowerCase();
  if (!URL.canParse(target)) return null;
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // `URL.host` drops a default port; our addresses always carry theirs.
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
}

/** `http://host:port` of a browser's Origin header, or null for `null`, opaque and malformed origins. */
function originHost(origin: string): string | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
}

async function hostGuardPlugin(app: FastifyInstance): Promise<void> {
  const { host, allowedHosts } = app.config;
  let cache: { port: number; hosts: Set<string> } | null = null;
  const currentHosts = (): Set<string> => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : app.config.port;
    if (!cache || cache.port !== port) cache = { port, hosts: allowedHostsFor(host, port, allowedHosts) };
    return cache.hosts;
  };
  app.addHook('onRequest', async (request, reply) => {
    const hosts = currentHosts();
    const addressed = addressedHost(request);
    if (addressed === null || !hosts.has(addressed)) {
      closeSocketAfterRefusal(request, reply);
      return reply.status(403).send(errorBody('forbidden_host', 'the request is not addressed to this server'));
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const from = originHost(origin);
      if (from === null || !hosts.has(from)) {
        closeSocketAfterRefusal(request, reply);
        return reply.status(403).send(errorBody('forbidden_origin', 'requests from other sites are refused'));
      }
    }
  });
}

export default fp(hostGuardPlugin, { name: 'host-guard', dependencies: ['config'] });
