import type { FastifyInstance } from 'fastify';
import {
  CreateIssueBody,
  IssueDetailView,
  IssuePageQuery,
  IssueParams,
  IssueView,
  ListIssuesQuery,
  UpdateIssueBody,
  dataOf,
  pageOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IssuesDeps } from '../deps.js';
import { createIssue } from '../usecases/create-issue.js';
import { issueDetail, listIssues } from '../usecases/read-issues.js';
import { updateIssue } from '../usecases/update-issue.js';
import { deleteIssue } from '../usecases/delete-issue.js';
import { unwatchIssue, watchIssue } from '../usecases/watchers.js';
import { issueIdOf } from '../usecases/issue-ref.js';
import { issueDetailView, issuePageView, issueView } from './replies.js';

const tags = ['issues'];

export function registerIssueRoutes(app: FastifyInstance, deps: IssuesDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks',
      summary: 'Create an issue in a project',
      description:
        'A body with `projectId` creates an issue; the service generates its `identifier`. Defaults: status `backlog`, priority `none`.',
      operationId: 'createIssue',
      tags,
      body: CreateIssueBody,
      response: { status: 201, schema: dataOf(IssueView) },
      errors: [403, 404],
    },
    async ({ actor, body }) => {
      const doc = await createIssue(deps, actor, body);
      return { data: issueView(doc, doc.assignee ?? undefined) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks',
      summary: 'List issues of the caller’s projects (paged)',
      description:
        'Any of `projectId`, `status`, `priority`, `assigneeId`, `parentId`, `labels` makes `/api/tasks` list issues. `status` and `priority` take comma-separated values (any matches); `labels` all must match; `none` asks for unassigned or top-level issues.',
      operationId: 'listIssues',
      tags,
      query: ListIssuesQuery,
      response: { status: 200, schema: pageOf(IssueView) },
      errors: [403],
    },
    async ({ actor, query }) => issuePageView(await listIssues(deps, actor, query), query),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/:id',
      summary: 'An issue with comments, activity, blockers and sub-issues',
      description:
        'Shows the newest 50 comments and 100 activity entries, oldest first; `olderComments` / `olderActivity` passed back as `commentsBefore` / `activityBefore` page one of them back.',
      operationId: 'getIssue',
      tags,
      params: IssueParams,
      query: IssuePageQuery,
      response: { status: 200, schema: dataOf(IssueDetailView) },
      errors: [403, 409],
    },
    async ({ actor, params, query }) => ({
      data: issueDetailView(
        await issueDetail(deps, actor, await issueIdOf(deps, actor, params.id), query),
      ),
    }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:id',
      summary: 'Update an issue; every change is recorded in its activity',
      description:
        'Answers the issue as `POST` does, with its new `updatedAt`; its comments, activity, blockers and sub-issues are on `GET /api/tasks/:id`.',
      operationId: 'updateIssue',
      tags,
      params: IssueParams,
      body: UpdateIssueBody,
      response: { status: 200, schema: dataOf(IssueView) },
      errors: [403, 409],
    },
    async ({ actor, params, body }) => {
      const doc = await updateIssue(deps, actor, await issueIdOf(deps, actor, params.id), body);
      return { data: issueView(doc, doc.assignee ?? undefined) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:id',
      summary: 'Delete an issue (hidden from then on; its number is not reused)',
      operationId: 'deleteIssue',
      tags,
      params: IssueParams,
      response: { status: 204, description: 'Deleted' },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      await deleteIssue(deps, actor, await issueIdOf(deps, actor, params.id));
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/tasks/:id/watch',
      summary: 'Watch an issue: be told of its comments and status changes',
      description:
        'Anyone who may read the issue; watching again changes nothing. An issue has at most 200 watchers (409 beyond).',
      operationId: 'watchIssue',
      tags,
      params: IssueParams,
      response: { status: 204, description: 'Watching' },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      await watchIssue(deps, actor, await issueIdOf(deps, actor, params.id));
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:id/watch',
      summary: 'Stop watching an issue',
      description:
        'Commenting on it, being assigned or mentioned makes the caller a watcher again.',
      operationId: 'unwatchIssue',
      tags,
      params: IssueParams,
      response: { status: 204, description: 'Not watching' },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      await unwatchIssue(deps, actor, await issueIdOf(deps, actor, params.id));
    },
  );
}
