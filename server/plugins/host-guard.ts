// DNS-rebinding guard: a request whose Host header is not one of our own addresses is refused.
import type { FastifyInstance } from 'fastify';
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
    const header = (request.headers.host ?? '').toLowerCase();
    if (!currentHosts().has(header)) {
      closeSocketAfterRefusal(request, reply);
      return reply.status(403).send(errorBody('forbidden_host', 'Host header does not name this server'));
    }
  });
}

export default fp(hostGuardPlugin, { name: 'host-guard', dependencies: ['config'] });
