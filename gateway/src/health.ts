import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { Upstream } from './config.js';

/**
 * `GET /health`: 200 only when every service answers its own /health with 200. Public and
 * never rate limited: load balancers and the stack's own start-up poll it.
 */
export function registerHealth(app: FastifyInstance, urls: Record<Upstream, string>): void {
  app.get('/health', { config: { public: true, rateLimit: false } }, async (_req, reply) => {
    const entries = await Promise.all(
      Object.entries(urls).map(async ([name, base]) => {
        try {
          const res = await request(`${base}/health`, { headersTimeout: 1500, bodyTimeout: 1500 });
          await res.body.dump();
          return [name, res.statusCode === 200 ? 'ok' : 'unavailable'] as const;
        } catch {
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const ok = entries.every(([, s]) => s === 'ok');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', services });
  });
}
