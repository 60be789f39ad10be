// Who may call a route, declared on the route itself (`config: { access }`); anything undeclared needs the token.
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `public`: no token (health, the renderer's files). `token-or-query`: the bearer header or `?token=`
     * (browsers cannot set headers on a WebSocket). Absent: the bearer header only.
     */
    access?: RouteAccess;
  }
}

export type RouteAccess = 'public' | 'token-or-query';

export const PUBLIC_ROUTE = { access: 'public' } as const satisfies { access: RouteAccess };
export const TOKEN_OR_QUERY_ROUTE = { access: 'token-or-query' } as const satisfies { access: RouteAccess };
