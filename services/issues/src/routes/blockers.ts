import type { FastifyInstance } from 'fastify';
import { AddBlockerBody, BlockerParams, IssueRefParams } from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import type { IssuesCore } from '../usecases/core.js';
import { addBlocker, listBlockers, removeBlocker } from '../usecases/blockers.js';
import { blockerView, blockerViews } from './views.js';

const tags = ['blockers'];

export function registerBlockerRoutes(app: FastifyInstance, core: IssuesCore) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/:issueId/blockers',
      summary: 'Issues blocking this one, and issues it blocks',
      tags,
      params: IssueRefParams,
    },
    async ({ actor, params }) => {
      const r = await listBlockers(core, actor, params.issueId);
      return {
        data: {
          blockedBy: blockerViews(r.blockedBy, r.related),
          blocking: blockerViews(r.blocking, r.related),
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks/:issueId/blockers',
      summary: 'Mark this issue as blocked by another',
      tags,
      params: IssueRefParams,
      body: AddBlockerBody,
      response: { status: 201 },
    },
    async ({ actor, params, body }) => {
      const r = await addBlocker(core, actor, params.issueId, body.blockedById);
      return { data: blockerView(r.relation, r.issue, r.blockedBy) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:issueId/blockers/:blockerId',
      summary: 'Remove a blocker relation',
      tags,
      params: BlockerParams,
      response: { status: 204 },
    },
    async ({ actor, params }) => {
      await removeBlocker(core, actor, params.issueId, params.blockerId);
    },
  );
}
