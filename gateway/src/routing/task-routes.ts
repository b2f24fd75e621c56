import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Upstream } from '../config.js';
import type { IdOwnerCache } from './id-owner.js';
import type { Forward } from './forward.js';
import { routeTaskCreate, routeTaskList } from './task-router.js';

/** Every method a service might answer below `/api/tasks/:id/`: the service says which it does. */
const ANY = ['GET', 'PATCH', 'DELETE', 'POST', 'PUT'];

/**
 * `/api/tasks` is shared by the habits and issues services. The router picks the upstream
 * where the path names it (completion is a task's; comments and blockers are an issue's);
 * the list and the create look at the query and the body (task-router.ts); the rest asks
 * who owns the id. `/api/tasks/:id` declares the methods both services answer there, so any
 * other is 405 here; below it, the owning service knows its sub-resources and answers the rest.
 */
export function registerTaskRoutes(
  scope: FastifyInstance,
  forward: Forward,
  owners: IdOwnerCache,
): void {
  const api = { config: { idempotency: true } };
  const to = (upstream: Upstream) => (request: FastifyRequest, reply: FastifyReply) =>
    forward(request, reply, upstream);
  const byOwner = async (request: FastifyRequest, reply: FastifyReply) =>
    forward(request, reply, await owners.ownerOf((request.params as { id: string }).id));

  scope.get('/api/tasks', (request, reply) =>
    forward(request, reply, routeTaskList(request.query as Record<string, unknown>)),
  );
  scope.post('/api/tasks', api, (request, reply) =>
    forward(request, reply, routeTaskCreate(request.body)),
  );
  scope.get('/api/tasks/search', to('issues'));
  scope.route({ method: ['GET', 'PATCH', 'DELETE'], url: '/api/tasks/:id', handler: byOwner });
  scope.post('/api/tasks/:id/complete', api, to('habits'));
  for (const sub of ['comments', 'blockers']) {
    for (const url of [`/api/tasks/:id/${sub}`, `/api/tasks/:id/${sub}/*`])
      scope.route({ method: ANY, url, ...api, handler: to('issues') });
  }
  scope.route({ method: ANY, url: '/api/tasks/:id/*', ...api, handler: byOwner });
}
