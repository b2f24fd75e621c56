import type { FastifyInstance } from 'fastify';
import { IssueView, SearchIssuesQuery, pageOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IssuesDeps } from '../deps.js';
import { searchIssues } from '../usecases/read-issues.js';
import { issuePageView } from './replies.js';

export function registerSearchRoutes(app: FastifyInstance, deps: IssuesDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/search',
      summary:
        'Search issue titles and descriptions (accent- and case-insensitive, last word as prefix), best match first',
      description:
        'Any word matches; more matched words rank first, then the newest. `meta.total` counts at most the best 1,000 matches.',
      operationId: 'searchIssues',
      tags: ['issues'],
      query: SearchIssuesQuery,
      response: { status: 200, schema: pageOf(IssueView) },
      errors: [403],
    },
    async ({ actor, query }) => issuePageView(await searchIssues(deps, actor, query), query),
  );
}
