import type { EventEnvelope, Scope, TaskSortField } from '@momentum/contracts';
import type { UpdateQuery } from 'mongoose';
import { updateWithRevision, withoutOutbox } from '@momentum/service-kit/storage';
import type { HabitsModels, TaskDoc } from './models.js';

/** Who may see a task: its owner, and the members of its team. */
export const canSee = (scope: Scope, task: Pick<TaskDoc, 'userId' | 'teamId'>) =>
  task.userId === scope.userId || (task.teamId !== null && scope.teamIds.includes(task.teamId));

export interface ListFilter {
  /** The owner's tasks, or a team's (the caller's membership is checked by the use-case). */
  owner: { userId: string } | { teamId: string };
  /**
   * docs/interface.md §4.1 `archived`: "include archived tasks" — true lists both, false only
   * active ones.
   */
  includeArchived: boolean;
  type?: TaskDoc['type'];
}

export interface ListPage {
  sort: { field: TaskSortField; direction: 1 | -1 };
  page: number;
  limit: number;
}

/**
 * What a use-case decides on a task as read: the fields to set with the events that say
 * so, or nothing to write. `result` is handed back once the decision is written.
 */
export type TaskDecision<R> =
  { set: Partial<TaskDoc>; events: EventEnvelope[]; result: R } | { set?: undefined; result: R };

export interface TaskUpdate<R> {
  /** The task as written (or as read, when nothing was written). */
  task: TaskDoc;
  result: R;
  wrote: boolean;
  /** The task's outbox as written, for the relay (empty when nothing was written). */
  outbox: EventEnvelope[];
}

/** Never part of a reply. */
const listProjection = { _outbox: 0 } as const;

/** API sort fields → stored fields (title sorts case-insensitively). */
const SORT_FIELD: Record<TaskSortField, string> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  title: 'titleKey',
  streak: 'streak',
  dueDate: 'dueDate',
};

/**
 * The list's filter: equality on the index prefix. Both archival states are named with
 * `$in` rather than by leaving the field out, so the same indexes serve the list (MongoDB
 * merges the two sorted ranges).
 */
export const listFilterOf = (filter: ListFilter): Record<string, unknown> => ({
  ...filter.owner,
  archived: filter.includeArchived ? { $in: [false, true] } : false,
  ...(filter.type ? { type: filter.type } : {}),
});

/** The list's sort, with `_id` as tie-breaker so pages never overlap. */
export const listSortOf = (page: Pick<ListPage, 'sort'>): Record<string, 1 | -1> => ({
  [SORT_FIELD[page.sort.field]]: page.sort.direction,
  _id: page.sort.direction,
});

/** The update a decision makes: its fields and events in one write. */
const updateOf = (set: Partial<TaskDoc>, events: EventEnvelope[]): UpdateQuery<TaskDoc> => ({
  $set: set,
  ...(events.length ? { $push: { _outbox: { $each: events } } } : {}),
});

/**
 * Task queries and writes. Lookups filter on `_id` alone and check access in code. Every
 * write is one atomic write of one task with its events in `_outbox`; one that depends on
 * what was read is guarded by the task's `rev` (updateWithRevision), so it holds with any
 * number of processes.
 */
export class TaskStore {
  constructor(private readonly m: HabitsModels) {}

  get model() {
    return this.m.Task;
  }

  findById(id: string): Promise<TaskDoc | null> {
    return this.m.Task.findById(id, listProjection).lean<TaskDoc>().exec();
  }

  async findVisible(scope: Scope, id: string): Promise<TaskDoc | null> {
    const task = await this.findById(id);
    return task && canSee(scope, task) ? task : null;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.m.Task.findById(id, { _id: 1 }).lean().exec()) !== null;
  }

  /** Stores a new task with its event: one insert. */
  async insert(doc: Omit<TaskDoc, '_outbox'>, event: EventEnvelope): Promise<TaskDoc> {
    // The driver's insert: the use-case built every field, nothing for mongoose to add.
    await this.m.Task.db
      .collection<TaskDoc>(this.m.Task.collection.name)
      .insertOne({ ...doc, _outbox: [event] });
    return doc;
  }

  /**
   * Reads the task, lets `decide` look at it and writes what it decides in one write that
   * applies only while the task is as read (its `rev`); a write that raced us makes
   * `decide` run again on the task as it is now. Null when the task does not exist or
   * `scope` may not see it (`decide` is not asked then).
   */
  async update<R>(
    scope: Scope,
    id: string,
    decide: (task: TaskDoc) => TaskDecision<R> | Promise<TaskDecision<R>>,
  ): Promise<TaskUpdate<R> | null> {
    type Outcome = { visible: false } | { visible: true; wrote: boolean; result: R };
    const written = await updateWithRevision<TaskDoc, Outcome>(this.m.Task, id, async (stored) => {
      if (!canSee(scope, stored)) return { result: { visible: false } };
      const decision = await decide(withoutOutbox(stored));
      if (!decision.set)
        return { result: { visible: true, wrote: false, result: decision.result } };
      return {
        update: updateOf(decision.set, decision.events),
        result: { visible: true, wrote: true, result: decision.result },
      };
    });
    if (!written?.result.visible) return null;
    const task = withoutOutbox(written.doc);
    const wrote = written.result.wrote;
    const outbox = wrote ? (written.doc._outbox ?? []) : [];
    return { task, result: written.result.result, wrote, outbox };
  }

  /**
   * A page and its total: a query and a count (no `$facet` on FerretDB), each served by a
   * declared index.
   */
  async list(filter: ListFilter, page: ListPage): Promise<{ items: TaskDoc[]; total: number }> {
    const query = listFilterOf(filter);
    const [items, total] = await Promise.all([
      this.m.Task.find(query, listProjection)
        .sort(listSortOf(page))
        .skip((page.page - 1) * page.limit)
        .limit(page.limit)
        .lean<TaskDoc[]>()
        .exec(),
      this.m.Task.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** A user's dailies with a running streak: candidates for a missed-day reset. */
  runningDailies(userId: string): Promise<TaskDoc[]> {
    return this.m.Task.find({ userId, type: 'daily', streak: { $gt: 0 } }, listProjection)
      .lean<TaskDoc[]>()
      .exec();
  }
}
