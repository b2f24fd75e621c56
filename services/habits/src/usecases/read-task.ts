import { notFound, scopeOf, type Actor } from '@momentum/contracts';
import type { TaskDoc } from '../store/models.js';
import type { HabitsDeps } from '../deps.js';
import { settleNewDay } from './settle.js';

/** GET /api/tasks/:id: a task the caller may see, its day settled first. */
export async function getTask(deps: HabitsDeps, actor: Actor, id: string): Promise<TaskDoc> {
  await settleNewDay(deps, actor);
  const task = await deps.tasks.findVisible(scopeOf(actor), id);
  if (!task) throw notFound('Task');
  return task;
}

/** For the gateway: whether a task has this id (404 if not). */
export async function requireTaskId(deps: HabitsDeps, id: string): Promise<void> {
  if (!(await deps.tasks.exists(id))) throw notFound('Task');
}
