import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, Uuid, type IssueState } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IssueStore } from '../store/issue-store.js';

/** Lookups for the gateway and the projects service (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, issues: IssueStore) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/owns/:id',
      summary: 'Whether an issue has this id (gateway routing)',
      internal: true,
      params: z.object({ id: z.string().max(200) }),
    },
    async ({ params }) => {
      if (!(await issues.exists(params.id))) throw notFound('Issue');
      return { data: { id: params.id } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/issue-states',
      summary: 'Status and version of every issue of a project (count rebuilds)',
      internal: true,
      query: z.object({ projectId: Uuid }),
    },
    async ({ query }): Promise<{ data: IssueState[] }> => ({
      data: await issues.states(query.projectId),
    }),
  );
}
