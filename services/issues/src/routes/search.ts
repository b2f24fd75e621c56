import type { FastifyInstance } from 'fastify';
import { SearchIssuesQuery } from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import type { IssuesCore } from '../usecases/core.js';
import { searchIssues } from '../usecases/read-issues.js';
import { issuePageView } from './views.js';

export function registerSearchRoutes(app: FastifyInstance, core: IssuesCore) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/search',
      summary:
        'Search issue titles and descriptions (accent- and case-insensitive, last word as prefix), best match first',
      tags: ['issues'],
      query: SearchIssuesQuery,
    },
    async ({ actor, query }) => issuePageView(await searchIssues(core, actor, query), query),
  );
}
