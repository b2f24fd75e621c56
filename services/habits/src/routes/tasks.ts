import type { FastifyInstance } from 'fastify';
import {
  CompleteTaskResult,
  CreateTaskBody,
  ListTasksQuery,
  Task,
  TaskChanges,
  TaskParams,
  UpdateTaskBody,
  dataOf,
  pageOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { HabitsDeps } from '../deps.js';
import { archiveTask, createTask, updateTask } from '../usecases/tasks.js';
import { completeTask } from '../usecases/complete.js';
import { listTasks } from '../usecases/list.js';
import { getTask } from '../usecases/read-task.js';
import { settleNewDay } from '../usecases/settle.js';
import { changedView, taskView } from './replies.js';

const tags = ['tasks'];

// Reply bodies: replies are serialized through them, and the docs show them.
const One = dataOf(Task);
const Page = pageOf(Task);
const Changed = dataOf(TaskChanges);
const Completed = dataOf(CompleteTaskResult);

export function registerTaskRoutes(app: FastifyInstance, deps: HabitsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks',
      summary: 'List habits, dailies and to-dos',
      description:
        'The caller’s own tasks (an agent’s: its owner’s), or with `teamId` that team’s tasks (members only, else 403). Without a project or issue filter, `/api/tasks` lists tasks.',
      operationId: 'listTasks',
      tags,
      errors: [403],
      query: ListTasksQuery,
      response: { status: 200, schema: Page },
    },
    async ({ actor, query }) => {
      await settleNewDay(deps, actor);
      const { items, meta } = await listTasks(deps, actor, query);
      return { data: items.map(taskView), meta };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks',
      summary: 'Create a habit, daily or to-do',
      description:
        'A habit needs `isPositive`, a daily a `schedule`; `dueDate` is for to-dos. A body without `projectId` creates a task.',
      operationId: 'createTask',
      tags,
      errors: [403],
      body: CreateTaskBody,
      response: { status: 201, schema: One },
    },
    async ({ actor, body }) => ({ data: taskView(await createTask(deps, actor, body)) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks/:id',
      summary: 'Get a task',
      operationId: 'getTask',
      tags,
      params: TaskParams,
      response: { status: 200, schema: One },
    },
    async ({ actor, params }) => ({ data: taskView(await getTask(deps, actor, params.id)) }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:id',
      summary: 'Update a task (archived:false brings it back)',
      description: 'Answers the id, the changed fields and `updatedAt`.',
      operationId: 'updateTask',
      tags,
      params: TaskParams,
      body: UpdateTaskBody,
      response: { status: 200, schema: Changed },
    },
    async ({ actor, params, body }) => {
      const { task, changed } = await updateTask(deps, actor, params.id, body);
      return { data: changedView(task, changed) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:id',
      summary: 'Archive a task (idempotent)',
      operationId: 'archiveTask',
      tags,
      params: TaskParams,
      response: { status: 204, description: 'Archived' },
    },
    async ({ actor, params }) => archiveTask(deps, actor, params.id),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks/:id/complete',
      summary: 'Complete a task for today: streak, XP, level',
      description:
        'A daily completes once per day of the user’s (409 `once_per_day`), a to-do once (409 `once`); habits any number of times.',
      operationId: 'completeTask',
      tags,
      errors: [409],
      params: TaskParams,
      response: { status: 200, schema: Completed },
    },
    async ({ actor, params }) => ({ data: await completeTask(deps, actor, params.id) }),
  );
}
