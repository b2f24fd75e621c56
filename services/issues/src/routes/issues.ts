import type { FastifyInstance } from 'fastify';
import {
  CreateIssueBody,
  IssueParams,
  ListIssuesQuery,
  UpdateIssueBody,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import type { IssuesCore } from '../usecases/core.js';
import { createIssue } from '../usecases/create-issue.js';
import { issueDetail, listIssues } from '../usecases/read-issues.js';
import { updateIssue } from '../usecases/update-issue.js';
import { deleteIssue } from '../usecases/delete-issue.js';
import { issueDetailView, issuePageView, issueView } from './views.js';

const tags = ['issues'];

export function registerIssueRoutes(app: FastifyInstance, core: IssuesCore) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks',
      summary: 'Create an issue in a project',
      tags,
      body: CreateIssueBody,
      response: { status: 201 },
    },
    async ({ actor, body }) => {
      const doc = await createIssue(core, actor, body);
      return { data: issueView(doc, doc.assignee ?? undefined) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks',
      summary: 'List issues of the caller’s projects (paged)',
      tags,
      query: ListIssuesQuery,
    },
    async ({ actor, query }) => issuePageView(await listIssues(core, actor, query), query),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/:id',
      summary: 'An issue with comments, activity, blockers and sub-issues',
      tags,
      params: IssueParams,
    },
    async ({ actor, params }) => ({
      data: issueDetailView(await issueDetail(core, actor, params.id)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:id',
      summary: 'Update an issue; every change is recorded in its activity',
      tags,
      params: IssueParams,
      body: UpdateIssueBody,
    },
    async ({ actor, params, body }) => {
      await updateIssue(core, actor, params.id, body);
      return { data: issueDetailView(await issueDetail(core, actor, params.id)) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:id',
      summary: 'Delete an issue (hidden from then on; its number is not reused)',
      tags,
      params: IssueParams,
      response: { status: 204 },
    },
    async ({ actor, params }) => {
      await deleteIssue(core, actor, params.id);
    },
  );
}
