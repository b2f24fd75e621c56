import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { parseReplicaUrls } from '@momentum/replicas';
import type { Upstream } from './config.js';

/** 'ok' when the replica answers its own /ready with 200 (its database and NATS reachable). */
async function replicaHealth(base: string): Promise<'ok' | 'unavailable'> {
  try {
    const res = await request(`${base}/ready`, { headersTimeout: 1500, bodyTimeout: 1500 });
    await res.body.dump();
    return res.statusCode === 200 ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * `GET /health`: the gateway process is alive (liveness; it asks nothing of anyone).
 * `GET /ready`: 200 while the gateway's own NATS connection is up, whatever the services
 * say: a service that is down makes every gateway equally unable to serve its paths (they
 * answer 503 with Retry-After), so taking the gateways out of a load balancer for it would
 * also cut off every other service. The body reports each service — `ok` when at least one
 * of its replicas answers its own /ready with 200, `replicas` saying how many of how many —
 * and `status` is `degraded` while any is not. Both public and never rate limited: load
 * balancers, probes and the stack's own start-up poll them.
 */
export function registerHealth(
  app: FastifyInstance,
  urls: Record<Upstream, string>,
  ownReady: () => boolean = () => true,
): void {
  app.get('/health', { config: { rateLimit: false } }, async () => ({
    status: 'ok',
  }));
  app.get('/ready', { config: { rateLimit: false } }, async (_req, reply) => {
    const entries = await Promise.all(
      Object.entries(urls).map(async ([name, list]) => {
        const states = await Promise.all(parseReplicaUrls(list).map(replicaHealth));
        const ok = states.filter((s) => s === 'ok').length;
        return [name, ok > 0 ? 'ok' : 'unavailable', `${ok}/${states.length}`] as const;
      }),
    );
    const services = Object.fromEntries(entries.map(([name, state]) => [name, state]));
    const own = ownReady();
    const ok = own && entries.every(([, s]) => s === 'ok');
    const replicas = entries.some(([, , r]) => !r.endsWith('/1'))
      ? { replicas: Object.fromEntries(entries.map(([name, , r]) => [name, r])) }
      : {};
    return reply
      .status(own ? 200 : 503)
      .send({ status: ok ? 'ok' : 'degraded', services, ...replicas });
  });
}
