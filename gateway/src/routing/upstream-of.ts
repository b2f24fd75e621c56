import type { FastifyRequest } from 'fastify';
import type { Upstream } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For routes whose service depends on the request (`/api/tasks`): which service it goes
     * to. Asked once per request, by whichever needs it first (the scope check, the handler).
     */
    upstreamOf?: (request: FastifyRequest) => Upstream | Promise<Upstream>;
  }
}

const decided = new WeakMap<FastifyRequest, Promise<Upstream>>();

/** The service this request is routed to, when its route decides per request; else null. */
export function upstreamOf(request: FastifyRequest): Promise<Upstream> | null {
  const decide = request.routeOptions.config.upstreamOf;
  if (!decide) return null;
  let upstream = decided.get(request);
  if (!upstream) {
    upstream = Promise.resolve(decide(request));
    decided.set(request, upstream);
  }
  return upstream;
}
