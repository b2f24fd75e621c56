import { z } from 'zod';
import { callApi, pagedAs } from '../results.js';
import { CREATE, READ, defineTool } from '../define.js';
import { PageMeta, Project } from '../shapes.js';
import { date, limit, page, projectSort, projectStatus, uuid } from '../fields.js';

export const listProjects = defineTool({
  name: 'list_projects',
  title: 'List projects',
  description:
    "Lists the projects of the caller's teams, each with issue counts per status. Filter by team or status. " +
    'Use a project id from here with list_tasks (projectId) or create_task to work with its issues.',
  inputSchema: {
    teamId: uuid('Only projects of this team').optional(),
    status: projectStatus.optional().describe('Only projects with this status'),
    sort: projectSort
      .optional()
      .describe(
        'Sort field such as name or updatedAt; prefix - for descending (default -updatedAt)',
      ),
    page,
    limit,
  },
  outputSchema: { projects: z.array(Project).describe('The projects'), meta: PageMeta.optional() },
  annotations: READ,
  surface: 'in-app',
  scopes: ['projects:read'],
  run: (args, api) =>
    callApi(api.GET('/api/projects', { params: { query: args } }), pagedAs('projects')),
});

export const getProject = defineTool({
  name: 'get_project',
  title: 'Get a project',
  description: 'Fetches one project by id, with its issue counts overall and per status.',
  inputSchema: { id: uuid('The project id') },
  outputSchema: { project: Project },
  annotations: READ,
  surface: 'in-app',
  scopes: ['projects:read'],
  run: ({ id }, api) =>
    callApi(api.GET('/api/projects/{id}', { params: { path: { id } } }), (data) => ({
      project: data,
    })),
});

export const createProject = defineTool({
  name: 'create_project',
  title: 'Create a project',
  description:
    'Creates a project in a team the caller belongs to (see list_teams). Issues are then created in it with create_task and projectId.',
  inputSchema: {
    teamId: uuid('Team that owns the project'),
    name: z.string().describe('Project name, up to 200 characters'),
    key: z
      .string()
      .optional()
      .describe(
        'Issue key prefix, 2-10 letters or digits starting with a letter (e.g. ENG); derived from the name when omitted',
      ),
    description: z.string().optional().describe('What the project is about'),
    icon: z.string().optional().describe('A single emoji'),
    color: z.string().optional().describe('Colour #rrggbb'),
    status: projectStatus.optional().describe('Initial status (default planned)'),
    leadId: uuid('User who leads the project').optional(),
    startDate: date('Start date').optional(),
    targetDate: date('Target date, not before startDate').optional(),
  },
  outputSchema: { project: Project },
  annotations: CREATE,
  surface: 'standalone',
  scopes: ['projects:write'],
  run: (args, api) =>
    callApi(api.POST('/api/projects', { body: args }), (data) => ({
      project: data,
    })),
});
