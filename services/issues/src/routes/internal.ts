import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ISSUE_STATES_PAGE, queryInt, Uuid, type IssueState } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IssuesDeps } from '../deps.js';
import { issueStates, issueStatusCounts, requireIssueId } from '../usecases/internal-reads.js';

/** Lookups for the gateway and the projects service (system actor only). */
export function registerInternalRoutes(app: FastifyInstance, deps: IssuesDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/owns/:id',
      summary: 'Whether an issue has this id (gateway routing)',
      internal: true,
      callers: ['gateway'],
      params: z.object({ id: z.string().max(200) }),
    },
    async ({ params }) => {
      await requireIssueId(deps, params.id);
      return { data: { id: params.id } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/issue-states',
      summary:
        'Status and version of a project’s issues after `after` in id order, deleted ones as tombstones (count rebuilds)',
      internal: true,
      callers: ['projects'],
      query: z.object({
        projectId: Uuid,
        after: z.string().max(64).optional(),
        limit: queryInt(1, ISSUE_STATES_PAGE, ISSUE_STATES_PAGE),
      }),
    },
    async ({ query }): Promise<{ data: IssueState[] }> => ({
      data: await issueStates(deps, query.projectId, query.after, query.limit),
    }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/issue-counts',
      summary: 'A project’s live issues per status (count audits)',
      internal: true,
      callers: ['projects'],
      query: z.object({ projectId: Uuid }),
    },
    async ({ query }): Promise<{ data: Record<string, number> }> => ({
      data: await issueStatusCounts(deps, query.projectId),
    }),
  );
}
