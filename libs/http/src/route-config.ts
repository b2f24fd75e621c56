import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answered without a caller (health checks, docs). Every other route, and the 404 of an
     * unknown path, needs one: a route that forgets to say is closed, not open.
     */
    public?: boolean;
    /**
     * The signing callers (caller names of signing-keys.ts) the route accepts: declared by
     * every internal route (defineRoute); any other route accepts the gateway alone.
     */
    callers?: readonly string[];
  }
}

/** Whether the matched route said it is public (`config: { public: true }`). */
export const isPublicRoute = (request: FastifyRequest): boolean =>
  request.routeOptions.config.public === true;

/** Route options for a public route: `app.get('/health', PUBLIC_ROUTE, handler)`. */
export const PUBLIC_ROUTE = { config: { public: true } } as const;

/** The caller name of the gateway's signing key: the only caller that speaks for people. */
export const GATEWAY_CALLER = 'gateway';

const GATEWAY_ONLY: readonly string[] = [GATEWAY_CALLER];

/** The callers the matched route accepts (the gateway alone unless it declared others). */
export const acceptedCallers = (request: FastifyRequest): readonly string[] =>
  request.routeOptions.config.callers ?? GATEWAY_ONLY;

/**
 * For an internal route no service calls over HTTP (an operator's tool): no caller with a
 * key of its own is accepted, only the shared INTERNAL_SECRET (`internal`).
 */
export const OPERATORS_ONLY: readonly string[] = [];
