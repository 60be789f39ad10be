// Every route the app serves, as registered: the generated security tests walk it, so a route added
// later is covered without anyone listing it. An /api route that declares no query schema takes no
// query parameters at all (deny by default for input too), and every /api route answers errors in
// the one error shape.
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorResponse } from '../http/response-schemas.js';
import type { RouteAccess } from '../http/route-access.js';

export interface RouteEntry {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly access: RouteAccess | 'token';
  readonly websocket: boolean;
  readonly schema: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

const NO_QUERY = z.object({}).strict();

async function routeTablePlugin(app: FastifyInstance): Promise<void> {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.websocket) {
      // Every refusal and failure has the one error shape, in answers and in the OpenAPI document.
      const response = { '4XX': errorResponse, '5XX': errorResponse, ...(route.schema?.response as object | undefined) };
      route.schema = { ...route.schema, querystring: route.schema?.querystring ?? NO_QUERY, response };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: hooks of an inner context (the renderer's files are made public) run after this one.
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access ?? 'token';
        },
        get websocket() {
          return route.websocket === true;
        },
        get schema() {
          return route.schema ?? {};
        },
      });
    }
  });
}

export default fp(routeTablePlugin, { name: 'route-table' });
