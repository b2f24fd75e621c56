import type { FastifyInstance } from 'fastify';
import type { Forward } from './forward.js';

/**
 * The writes after which this gateway's cached key verdicts are stale at once: an agent
 * changed, deleted or given a new key; a member removed from a team; one of the caller's
 * keys revoked. Declared here, with their ids as route parameters, so that each says what it
 * changes (`config.dropsCachedKeys`); their service answers them as it would through the
 * path family's proxy.
 */
export function registerKeyChangingRoutes(scope: FastifyInstance, forward: Forward): void {
  const agent = { idempotency: true, dropsCachedKeys: 'agent' } as const;
  scope.route({
    method: ['PATCH', 'DELETE'],
    url: '/api/agents/:id',
    config: agent,
    handler: (request, reply) => forward(request, reply, 'agents'),
  });
  for (const action of ['api-key', 'regen-key']) {
    scope.post(`/api/agents/:id/${action}`, { config: agent }, (request, reply) =>
      forward(request, reply, 'agents'),
    );
  }
  scope.delete(
    '/api/teams/:teamId/members/:userId',
    { config: { dropsCachedKeys: 'member' } },
    (request, reply) => forward(request, reply, 'identity'),
  );
  // Ending an OAuth grant drops the caller's verdicts too (its tokens are among them).
  scope.delete(
    '/api/users/me/authorizations/:id',
    { config: { dropsCachedKeys: 'own-keys' } },
    (request, reply) => forward(request, reply, 'identity'),
  );
  scope.delete(
    '/api/users/me/api-keys/:keyId',
    { config: { dropsCachedKeys: 'own-keys' } },
    (request, reply) => forward(request, reply, 'identity'),
  );
}
