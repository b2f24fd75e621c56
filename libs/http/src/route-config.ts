import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answered without a caller (health checks, docs). Every other route, and the 404 of an
     * unknown path, needs one: a route that forgets to say is closed, not open.
     */
    public?: boolean;
  }
}

/** Whether the matched route said it is public (`config: { public: true }`). */
export const isPublicRoute = (request: FastifyRequest): boolean =>
  request.routeOptions.config.public === true;

/** Route options for a public route: `app.get('/health', PUBLIC_ROUTE, handler)`. */
export const PUBLIC_ROUTE = { config: { public: true } } as const;
