import type { FastifyInstance } from 'fastify';
import {
  AddBlockerBody,
  BlockerLists,
  BlockerParams,
  BlockerView,
  IssueRefParams,
  dataOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IssuesDeps } from '../deps.js';
import { issueIdOf } from '../usecases/issue-ref.js';
import { addBlocker, listBlockers, removeBlocker } from '../usecases/blockers.js';
import { blockerView, blockerViews } from './replies.js';

const tags = ['blockers'];

export function registerBlockerRoutes(app: FastifyInstance, deps: IssuesDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/:issueId/blockers',
      summary: 'Issues blocking this one, and issues it blocks',
      operationId: 'listBlockers',
      tags,
      params: IssueRefParams,
      response: { status: 200, schema: dataOf(BlockerLists) },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      const r = await listBlockers(deps, actor, await issueIdOf(deps, actor, params.issueId));
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
      description:
        'The issue itself is 422 (`rule: "self"`); a duplicate is 409 (`rule: "duplicate"`), and so is a cycle (`rule: "cycle"`, with the path of identifiers).',
      operationId: 'addBlocker',
      tags,
      params: IssueRefParams,
      body: AddBlockerBody,
      response: { status: 201, schema: dataOf(BlockerView) },
      errors: [403, 409],
    },
    async ({ actor, params, body }) => {
      const [issueId, blockedById] = await Promise.all([
        issueIdOf(deps, actor, params.issueId),
        issueIdOf(deps, actor, body.blockedById, 'Blocking issue'),
      ]);
      const r = await addBlocker(deps, actor, issueId, blockedById);
      return { data: blockerView(r.relation, r.issue, r.blockedBy) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:issueId/blockers/:blockerId',
      summary: 'Remove a blocker relation',
      description: '`blockerId` is the relation’s id; the blocking issue’s id is accepted too.',
      operationId: 'removeBlocker',
      tags,
      params: BlockerParams,
      response: { status: 204, description: 'Removed' },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      const [issueId, blockerId] = await Promise.all([
        issueIdOf(deps, actor, params.issueId),
        issueIdOf(deps, actor, params.blockerId, 'Blocker'),
      ]);
      await removeBlocker(deps, actor, issueId, blockerId);
    },
  );
}
