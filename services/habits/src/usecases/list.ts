import {
  cappedTotal,
  pageMeta,
  forbidden,
  startAfter,
  type Actor,
  type ListTasksQuery,
  type PageMeta,
} from '@momentum/contracts';
import type { TaskDoc } from '../store/models.js';
import type { HabitsDeps } from '../deps.js';

/** GET /api/tasks: the caller's own tasks, or a team's when they are a member. */
export async function listTasks(
  deps: HabitsDeps,
  actor: Actor,
  query: ListTasksQuery,
): Promise<{ items: TaskDoc[]; meta: PageMeta }> {
  if (query.teamId !== undefined && !actor.teamIds.includes(query.teamId))
    throw forbidden('You are not a member of that team');
  const owner = query.teamId !== undefined ? { teamId: query.teamId } : { userId: actor.userId };
  const after = startAfter(query);
  const { items, total, nextCursor } = await deps.tasks.list(
    { owner, includeArchived: query.archived, ...(query.type ? { type: query.type } : {}) },
    { sort: query.sort, page: query.page, limit: query.limit, after },
  );
  return {
    items,
    meta: pageMeta(cappedTotal(total), query, nextCursor),
  };
}
