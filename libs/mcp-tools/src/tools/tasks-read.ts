import { z } from 'zod';
import { callApi, pagedAs } from '../results.js';
import { READ, defineTool } from '../define.js';
import { PageMeta, TaskDetail, TaskOrIssue } from '../shapes.js';
import {
  issuePriority,
  issueStatus,
  labels,
  limit,
  page,
  taskOrIssueSort,
  taskRef,
  taskType,
  uuid,
} from '../fields.js';

export const listTasks = defineTool({
  name: 'list_tasks',
  title: 'List tasks or issues',
  description:
    'Lists personal tasks (habits, dailies, todos) or, when any issue filter is given (projectId, status, priority, ' +
    "assigneeId, parentId, labels), the issues of the caller's projects. Task filters (type, archived, teamId) " +
    'apply to tasks only; do not mix them with issue filters. To list the issues of a project, pass its projectId. ' +
    'Both lists are paged (page, limit; see meta.total).',
  inputSchema: {
    type: taskType.optional().describe('Tasks: only this type (habit, daily, todo)'),
    archived: z
      .boolean()
      .optional()
      .describe('Tasks: true to include archived tasks (default false)'),
    teamId: uuid('Tasks: only tasks shared with this team').optional(),
    page,
    limit,
    projectId: uuid('Issues: the project whose issues to list').optional(),
    status: issueStatus.optional().describe('Issues: only this status'),
    priority: issuePriority.optional().describe('Issues: only this priority'),
    assigneeId: uuid('Issues: only issues assigned to this user or agent').optional(),
    parentId: uuid('Issues: only sub-issues of this issue').optional(),
    labels: labels.optional().describe('Issues: only issues carrying these labels'),
    sort: taskOrIssueSort
      .optional()
      .describe('Sort field, prefix - for descending (tasks default -createdAt)'),
  },
  outputSchema: {
    tasks: z.array(TaskOrIssue).describe('The tasks or issues'),
    meta: PageMeta.optional(),
  },
  annotations: READ,
  surface: 'in-app',
  scopes: ['tasks:read', 'issues:read'],
  run: ({ labels, ...args }, api) =>
    callApi(
      api.GET('/api/tasks', { params: { query: { ...args, labels: labels?.join(',') } } }),
      pagedAs('tasks'),
    ),
});

export const getTask = defineTool({
  name: 'get_task',
  title: 'Get a task or issue',
  description:
    'Fetches one task or issue by id, or an issue by its identifier (ENG-12). An issue comes with its comments, activity timeline (who changed what), ' +
    'blockedBy and blocking relations and sub-issues.',
  inputSchema: { id: taskRef('The task or issue') },
  outputSchema: { task: TaskDetail },
  annotations: READ,
  surface: 'in-app',
  scopes: ['tasks:read', 'issues:read'],
  run: ({ id }, api) =>
    callApi(api.GET('/api/tasks/{id}', { params: { path: { id } } }), (data) => ({ task: data })),
});

export const searchTasks = defineTool({
  name: 'search_tasks',
  title: 'Search issues',
  description:
    'Full-text search over issue titles and descriptions in the projects the caller reaches, best matches first. ' +
    'A query that is an identifier (ENG-12) finds the issue it names.',
  inputSchema: {
    q: z.string().min(1).describe('Words to search for, or an issue identifier such as ENG-12'),
    projectId: uuid('Limit the search to this project').optional(),
    page,
    limit,
  },
  outputSchema: {
    issues: z.array(TaskOrIssue).describe('Matching issues'),
    meta: PageMeta.optional(),
  },
  annotations: READ,
  surface: 'in-app',
  scopes: ['issues:read'],
  run: (args, api) =>
    callApi(api.GET('/api/tasks/search', { params: { query: args } }), pagedAs('issues')),
});
