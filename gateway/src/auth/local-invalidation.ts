import type { FastifyInstance } from 'fastify';
import type { KeyCache } from './key-cache.js';

/**
 * The gateway that carried a successful key revocation or agent change drops its own
 * cached verdicts as the reply goes out, so the caller's very next request is checked
 * afresh even before the event arrives. Other gateways learn it from NATS.
 */
export function installLocalInvalidation(app: FastifyInstance, cache: KeyCache): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400 || !request.actor) return;
    const path = request.url.split('?')[0]!;
    const agent = /^\/api\/agents\/([^/]+)/.exec(path);
    const member = /^\/api\/teams\/[^/]+\/members(?:\/([^/]+))?$/.exec(path);
    if (agent) cache.dropAgent(agent[1]!);
    // Adding a member is announced over NATS (the body streams past unparsed here).
    else if (member?.[1]) cache.dropUser(member[1]);
    else if (path.startsWith('/api/users/me/api-keys/')) cache.dropUser(request.actor.userId);
  });
}
