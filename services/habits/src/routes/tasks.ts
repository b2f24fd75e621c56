import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CompleteTaskResult,
  CreateTaskBody,
  ListTasksQuery,
  TaskParams,
  TaskView,
  UpdateTaskBody,
  notFound,
  scopeOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import type { HabitsDeps } from '../usecases/deps.js';
import { archiveTask, createTask, updateTask } from '../usecases/tasks.js';
import { completeTask } from '../usecases/complete.js';
import { listTasks } from '../usecases/list.js';
import { settleNewDay } from '../usecases/settle.js';
import { changedView, taskView } from './views.js';

const tags = ['tasks'];

// Reply bodies, for the docs (OpenAPI).
const One = z.object({ data: TaskView });
const Page = z.object({
  data: z.array(TaskView),
  meta: z.object({ total: z.number(), page: z.number(), perPage: z.number() }),
});
const Changed = z.object({ data: TaskView.partial().required({ id: true, updatedAt: true }) });
const Completed = z.object({ data: CompleteTaskResult });

export function registerTaskRoutes(app: FastifyInstance, deps: HabitsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tasks',
      summary: 'List habits, dailies and to-dos',
      tags,
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
      tags,
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
      tags,
      params: TaskParams,
      response: { status: 200, schema: One },
    },
    async ({ actor, params }) => {
      await settleNewDay(deps, actor);
      const task = await deps.tasks.findVisible(scopeOf(actor), params.id);
      if (!task) throw notFound('Task');
      return { data: taskView(task) };
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:id',
      summary: 'Update a task (archived:false brings it back)',
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
      tags,
      params: TaskParams,
      response: { status: 204 },
    },
    async ({ actor, params }) => archiveTask(deps, actor, params.id),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks/:id/complete',
      summary: 'Complete a task for today: streak, XP, level',
      tags,
      params: TaskParams,
      response: { status: 200, schema: Completed },
    },
    async ({ actor, params }) => ({ data: await completeTask(deps, actor, params.id) }),
  );
}
