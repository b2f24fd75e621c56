import type { FastifyInstance } from 'fastify';
import { notFound, ProjectParams } from '@momentum/contracts';
import { defineRoute, OPERATORS_ONLY } from '@momentum/http';
import type { ProjectsDeps } from '../deps.js';
import { projectLookup, rebuildProjectCounts } from '../usecases/read-projects.js';

/** For other services (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, deps: ProjectsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/projects/:id',
      summary: 'Team and key of a project (same as the NATS lookup)',
      internal: true,
      callers: OPERATORS_ONLY,
      params: ProjectParams,
    },
    async ({ params }) => {
      const project = await projectLookup(deps, params.id);
      if (!project) throw notFound('Project');
      return { data: project };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/projects/:id/rebuild-counts',
      summary: 'Rebuild the issue counts from the issues service',
      internal: true,
      callers: OPERATORS_ONLY,
      params: ProjectParams,
    },
    async ({ params }) => ({ data: await rebuildProjectCounts(deps, params.id) }),
  );
}
