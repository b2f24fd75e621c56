import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIssueIdentifier } from '@momentum/contracts';
import type { Upstream } from '../config.js';
import type { IdOwnerCache } from './id-owner.js';
import type { Forward } from './forward.js';
import { routeTaskCreate, routeTaskList } from './task-router.js';
import { upstreamOf } from './upstream-of.js';

/** Every method a service might answer below `/api/tasks/:id/`: the service says which it does. */
const ANY = ['GET', 'PATCH', 'DELETE', 'POST', 'PUT'];

/**
 * `/api/tasks` is shared by the habits and issues services. The router picks the upstream
 * where the path names it (completion is a task's; comments, blockers and watching are an issue's);
 * the list and the create look at the query and the body (task-router.ts); the rest asks
 * who owns the id. `/api/tasks/:id` declares the methods both services answer there, so any
 * other is 405 here; below it, the owning service knows its sub-resources and answers the rest.
 * Each route says how it decides (`config.upstreamOf`), so the scope check (auth/scope-check.ts)
 * knows whether a request reaches tasks or issues before it is forwarded.
 */
export function registerTaskRoutes(
  scope: FastifyInstance,
  forward: Forward,
  owners: IdOwnerCache,
): void {
  const routed = (
    decide: (request: FastifyRequest) => Upstream | Promise<Upstream>,
    idempotency = true,
  ) => ({
    config: { upstreamOf: decide, ...(idempotency ? { idempotency } : {}) },
    handler: async (request: FastifyRequest, reply: Parameters<Forward>[1]) =>
      forward(request, reply, await upstreamOf(request)!),
  });
  const to = (upstream: Upstream) => routed(() => upstream);
  const byOwner = (idempotency: boolean) =>
    routed((request) => owners.ownerOf((request.params as { id: string }).id), idempotency);

  scope.route({
    method: 'GET',
    url: '/api/tasks',
    ...routed((request) => routeTaskList(request.query as Record<string, unknown>), false),
  });
  scope.route({
    method: 'POST',
    url: '/api/tasks',
    ...routed((request) => routeTaskCreate(request.body)),
  });
  scope.route({ method: 'GET', url: '/api/tasks/search', ...routed(() => 'issues', false) });
  scope.route({ method: ['GET', 'PATCH', 'DELETE'], url: '/api/tasks/:id', ...byOwner(false) });
  // A task's; an issue identifier (`ENG-12`) is an issue's even here (which has no completion: 404).
  scope.route({
    method: 'POST',
    url: '/api/tasks/:id/complete',
    ...routed((request) =>
      isIssueIdentifier((request.params as { id: string }).id) ? 'issues' : 'habits',
    ),
  });
  for (const sub of ['comments', 'blockers', 'watch']) {
    for (const url of [`/api/tasks/:id/${sub}`, `/api/tasks/:id/${sub}/*`])
      scope.route({ method: ANY, url, ...to('issues') });
  }
  scope.route({ method: ANY, url: '/api/tasks/:id/*', ...byOwner(true) });
}
