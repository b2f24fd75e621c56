import type { FastifyInstance } from 'fastify';
import {
  CreateProjectBody,
  ListProjectsQuery,
  ProjectParams,
  ProjectView,
  UpdateProjectBody,
  cappedTotal,
  pageMeta,
  dataOf,
  pageOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { ProjectsDeps } from '../deps.js';
import { createProject, updateProject } from '../usecases/projects.js';
import { getProject, listProjects, projectWithCounts } from '../usecases/read-projects.js';
import type { ProjectDoc } from '../store/models.js';
import { projectView } from './replies.js';

const One = dataOf(ProjectView);

export function registerProjectRoutes(app: FastifyInstance, deps: ProjectsDeps) {
  const viewOne = async (project: ProjectDoc) => {
    const row = await projectWithCounts(deps, project);
    return { data: projectView(row.project, row.counts) };
  };

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/projects',
      summary:
        "Projects of the caller's teams with issue counts; paged (page, limit ≤ 100), sort default -updatedAt",
      operationId: 'listProjects',
      tags: ['projects'],
      query: ListProjectsQuery,
      response: { status: 200, schema: pageOf(ProjectView) },
      errors: [403],
    },
    async ({ actor, query }) => {
      const { rows, total } = await listProjects(deps, actor, query);
      const meta = pageMeta(cappedTotal(total), query);
      return {
        data: rows.map((r) => projectView(r.project, r.counts)),
        meta,
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/projects',
      summary: 'Create a project in one of the caller’s teams',
      description: 'A `key` (2–10 letters or digits) that is taken in the team is 409.',
      operationId: 'createProject',
      tags: ['projects'],
      body: CreateProjectBody,
      response: { status: 201, schema: One },
      errors: [403, 409],
    },
    async ({ actor, body }) => viewOne(await createProject(deps, actor, body)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/projects/:id',
      summary: 'A project with its issue counts',
      operationId: 'getProject',
      tags: ['projects'],
      errors: [403],
      params: ProjectParams,
      response: { status: 200, schema: One },
    },
    async ({ actor, params }) => viewOne(await getProject(deps, actor, params.id)),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/projects/:id',
      summary: 'Update a project; answers the whole project',
      operationId: 'updateProject',
      tags: ['projects'],
      errors: [403],
      params: ProjectParams,
      body: UpdateProjectBody,
      response: { status: 200, schema: One },
    },
    async ({ actor, params, body }) => viewOne(await updateProject(deps, actor, params.id, body)),
  );
}
