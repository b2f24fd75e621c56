import { z } from 'zod';
import { callApi } from '../results.js';
import type { RequestBody } from '@momentum/client';
import { CREATE, UPDATE, defineTool } from '../define.js';
import { Comment, TaskOrIssue, UpdatedTask } from '../shapes.js';
import {
  date,
  difficulty,
  issuePriority,
  issueStatus,
  labels,
  orNull,
  schedule,
  tags,
  taskRef,
  taskType,
  uuid,
} from '../fields.js';

/** What `POST /api/tasks` takes: a habit, daily or to-do, or an issue. */
type CreateBody = RequestBody<'/api/tasks', 'post'>;

export const createTask = defineTool({
  name: 'create_task',
  title: 'Create a task or issue',
  description:
    'Creates a personal task, or an issue when projectId is given. A task needs type and difficulty ' +
    '(a habit also isPositive, a daily also schedule; dueDate is for todos). An issue needs projectId and title and ' +
    'may set description, status, priority, assigneeId, labels, estimate, dueDate and parentId; it gets an identifier like ENG-12.',
  inputSchema: {
    title: z.string().describe('Title, up to 200 characters'),
    projectId: uuid('Issues: the project to create the issue in').optional(),
    type: taskType.optional().describe('Tasks: habit, daily or todo'),
    difficulty: difficulty
      .optional()
      .describe('Tasks: trivial, easy, medium or hard (sets the XP)'),
    notes: z.string().optional().describe('Tasks: free-form notes'),
    tags: tags.optional(),
    schedule: schedule.optional(),
    isPositive: z
      .boolean()
      .optional()
      .describe('Habits: true for a good habit, false for one to avoid'),
    teamId: uuid('Tasks: share the task with this team').optional(),
    dueDate: date('Todos and issues: due date').optional(),
    description: z.string().optional().describe('Issues: description'),
    status: issueStatus.optional().describe('Issues: initial status'),
    priority: issuePriority.optional().describe('Issues: priority'),
    assigneeId: uuid('Issues: user or agent to assign').optional(),
    labels: labels.optional(),
    estimate: z.number().optional().describe('Issues: estimate in points'),
    parentId: uuid('Issues: parent issue, making this a sub-issue').optional(),
  },
  outputSchema: { task: TaskOrIssue },
  annotations: CREATE,
  surface: 'in-app',
  scopes: ['tasks:write', 'issues:write'],
  // One tool for both shapes, as one endpoint: the API tells a task from an issue by
  // projectId and answers 422 for a field of the other shape, which the model reads.
  run: (args, api) =>
    callApi(api.POST('/api/tasks', { body: args as CreateBody }), (data) => ({ task: data })),
});

export const updateTask = defineTool({
  name: 'update_task',
  title: 'Update a task or issue',
  description:
    'Changes fields of a task or issue; send only what changes. Tasks: title, notes, difficulty, tags, schedule (dailies), ' +
    'dueDate (todos), archived. Issues: title, description, status, priority, assigneeId, labels, estimate, dueDate, parentId; ' +
    'every issue change is recorded in its activity timeline. null clears an optional field.',
  inputSchema: {
    id: taskRef('The task or issue to change'),
    title: z.string().optional().describe('New title'),
    notes: orNull(z.string().describe('Notes'), 'Tasks: new notes, or null to clear them'),
    difficulty: difficulty.optional().describe('Tasks: new difficulty'),
    tags: tags.optional(),
    schedule: schedule.optional(),
    archived: z.boolean().optional().describe('Tasks: true archives the task, false restores it'),
    dueDate: orNull(
      date('Due date'),
      'Todos and issues: new due date YYYY-MM-DD, or null to clear it',
    ),
    description: z.string().optional().describe('Issues: new description'),
    status: issueStatus.optional().describe('Issues: new status'),
    priority: issuePriority.optional().describe('Issues: new priority'),
    assigneeId: orNull(
      uuid('Assignee, a user or agent'),
      'Issues: new assignee (user or agent UUID), or null to unassign',
    ),
    labels: labels.optional(),
    estimate: orNull(z.number().describe('Points'), 'Issues: new estimate, or null to clear it'),
    parentId: orNull(
      uuid('Parent issue'),
      'Issues: new parent issue (UUID), or null to make it top-level',
    ),
  },
  outputSchema: { task: UpdatedTask },
  annotations: UPDATE,
  surface: 'in-app',
  scopes: ['tasks:write', 'issues:write'],
  run: ({ id, ...fields }, api) =>
    callApi(api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body: fields }), (data) => ({
      task: data,
    })),
});

export const addComment = defineTool({
  name: 'add_comment',
  title: 'Comment on an issue',
  description:
    'Adds a comment to an issue; mention people as @name. The comment also appears in the issue activity.',
  inputSchema: {
    issueId: taskRef('The issue to comment on'),
    body: z.string().min(1).describe('Comment text (Markdown)'),
  },
  outputSchema: { comment: Comment },
  annotations: CREATE,
  surface: 'in-app',
  scopes: ['issues:write'],
  run: ({ issueId, body }, api) =>
    callApi(
      api.POST('/api/tasks/{issueId}/comments', { params: { path: { issueId } }, body: { body } }),
      (data) => ({ comment: data }),
    ),
});
