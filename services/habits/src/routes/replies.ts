import type { TaskView } from '@momentum/contracts';
import type { TaskDoc } from '../store/models.js';

/** The public task: `id` for `_id`, ISO timestamps, only the fields of its type. */
export function taskView(t: TaskDoc): TaskView {
  return {
    id: t._id,
    userId: t.userId,
    teamId: t.teamId,
    createdBy: t.createdBy,
    type: t.type,
    title: t.title,
    notes: t.notes,
    difficulty: t.difficulty,
    tags: t.tags,
    ...(t.type === 'habit' ? { isPositive: t.isPositive ?? true } : {}),
    ...(t.type === 'daily' ? { schedule: t.schedule } : {}),
    ...(t.type === 'todo' ? { dueDate: t.dueDate } : {}),
    streak: t.streak,
    ...(t.completedAt ? { completedAt: t.completedAt.toISOString() } : {}),
    archived: t.archived,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** PATCH reply: id, the fields the request set (as stored) and updatedAt. */
export function changedView(t: TaskDoc, changed: readonly string[]): Record<string, unknown> {
  const full = taskView(t) as Record<string, unknown>;
  return {
    id: t._id,
    ...Object.fromEntries(changed.map((k) => [k, full[k]])),
    updatedAt: full.updatedAt,
  };
}
