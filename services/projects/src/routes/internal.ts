import type { FastifyInstance } from 'fastify';
import { notFound, ProjectParams } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { ProjectStore } from '../store/project-store.js';
import type { IssueStateStore } from '../store/issue-state-store.js';
import type { IssueStatesSource } from '../deps/issue-states-source.js';
import { rebuildCounts } from '../usecases/counts.js';
import { lookupView } from './views.js';

/** For other services (system actor only). */
export function registerInternalRoutes(
  app: FastifyInstance,
  store: ProjectStore,
  states: IssueStateStore,
  source: IssueStatesSource,
) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/projects/:id',
      summary: 'Team and key of a project (same as the NATS lookup)',
      internal: true,
      params: ProjectParams,
    },
    async ({ params }) => {
      const project = await store.findById(params.id);
      if (!project) throw notFound('Project');
      return { data: lookupView(project) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/projects/:id/rebuild-counts',
      summary: 'Rebuild the issue counts from the issues service',
      internal: true,
      params: ProjectParams,
    },
    async ({ params }) => {
      if (!(await store.findById(params.id))) throw notFound('Project');
      return { data: await rebuildCounts(states, source, params.id) };
    },
  );
}
