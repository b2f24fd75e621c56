import { randomUUID } from 'node:crypto';
import {
  forbidden,
  notFound,
  scopeOf,
  validationError,
  type Actor,
  type CreateTaskBody,
  type UpdateTaskBody,
} from '@momentum/contracts';
import type { TaskDoc } from '../store/models.js';
import { taskArchived, taskCreated, taskUpdated } from '../events/task-events.js';
import type { HabitsDeps } from '../deps.js';

/** Creates a task owned by the actor's user (an agent's owner), created by the actor. */
export async function createTask(
  deps: HabitsDeps,
  actor: Actor,
  body: CreateTaskBody,
): Promise<TaskDoc> {
  const teamId = body.teamId ?? null;
  if (teamId !== null && !actor.teamIds.includes(teamId))
    throw forbidden('You are not a member of that team');
  const now = deps.now();
  const doc: Omit<TaskDoc, '_outbox'> = {
    _id: randomUUID(),
    userId: actor.userId,
    teamId,
    createdBy: actor.id,
    type: body.type,
    title: body.title,
    titleKey: body.title.toLowerCase(),
    notes: body.notes ?? null,
    difficulty: body.difficulty,
    tags: body.tags ?? [],
    schedule: body.type === 'daily' ? (body.schedule ?? null) : null,
    isPositive: body.type === 'habit' ? (body.isPositive ?? null) : null,
    streak: 0,
    dueDate: body.type === 'todo' ? (body.dueDate ?? null) : null,
    archived: false,
    lastCompletedDay: null,
    completedAt: null,
    completions: 0,
    dayCompletions: 0,
    rev: 0,
    createdAt: now,
    updatedAt: now,
  };
  const event = taskCreated(actor, { ...doc, _outbox: [] });
  const task = await deps.tasks.insert(doc, event);
  deps.outbox.flush(deps.tasks.model, task._id, [event]);
  return task;
}

/** Type-specific fields may only change on their type (docs/interface.md §4.1 PATCH). */
function checkFieldsFitType(task: TaskDoc, body: UpdateTaskBody): void {
  if (body.schedule !== undefined && task.type !== 'daily') {
    throw validationError('schedule: applies only to dailies', {
      field: 'schedule',
      rule: 'only_for_dailies',
    });
  }
  if (body.dueDate !== undefined && task.type !== 'todo') {
    throw validationError('dueDate: applies only to todos', {
      field: 'dueDate',
      rule: 'only_for_todos',
    });
  }
}

export interface UpdateResult {
  task: TaskDoc;
  /** The fields the request set, as stored. */
  changed: (keyof UpdateTaskBody)[];
}

/**
 * PATCH: sets the given fields; archiving and unarchiving go through here too. Decided on
 * the task as read (its type, whether it is archived) and written only while it is so.
 */
export async function updateTask(
  deps: HabitsDeps,
  actor: Actor,
  id: string,
  body: UpdateTaskBody,
): Promise<UpdateResult> {
  const changed = (Object.keys(body) as (keyof UpdateTaskBody)[]).filter(
    (k) => body[k] !== undefined,
  );
  const updated = await deps.tasks.update(scopeOf(actor), id, (task) => {
    checkFieldsFitType(task, body);
    const set: Partial<TaskDoc> = { updatedAt: deps.now() };
    for (const key of changed) Object.assign(set, { [key]: body[key] });
    if (body.title !== undefined) set.titleKey = body.title.toLowerCase();
    const next: TaskDoc = { ...task, ...set, rev: task.rev + 1 };
    const archiving = body.archived === true && !task.archived;
    const others = changed.filter((k) => k !== 'archived' || !archiving);
    const events = [
      ...(archiving ? [taskArchived(actor, next)] : []),
      ...(others.length ? [taskUpdated(actor, next, others)] : []),
    ];
    return { set, events, result: undefined };
  });
  if (!updated) throw notFound('Task');
  deps.outbox.flush(deps.tasks.model, id, updated.outbox);
  return { task: updated.task, changed };
}

/** DELETE: archives; idempotent (archiving an archived task changes nothing). */
export async function archiveTask(deps: HabitsDeps, actor: Actor, id: string): Promise<void> {
  const archived = await deps.tasks.update(scopeOf(actor), id, (task) => {
    if (task.archived) return { result: undefined };
    const set = { archived: true, updatedAt: deps.now() };
    return {
      set,
      events: [taskArchived(actor, { ...task, ...set, rev: task.rev + 1 })],
      result: undefined,
    };
  });
  if (!archived) throw notFound('Task');
  if (archived.wrote) deps.outbox.flush(deps.tasks.model, id, archived.outbox);
}
