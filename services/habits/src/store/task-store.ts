import type { EventEnvelope, Scope, TaskSortField } from '@momentum/contracts';
import type { UpdateQuery } from 'mongoose';
import { updateWithRevision, withoutOutbox } from '@momentum/service-kit/storage';
import { onceForFeeds } from '@momentum/service-kit/local-engine';
import type { HabitsModels, TaskDoc } from './models.js';
import { TaskFeeds } from './task-feeds.js';

/** Who may see a task: its owner, and the members of its team. */
export const canSee = (scope: Scope, task: Pick<TaskDoc, 'userId' | 'teamId'>) =>
  task.userId === scope.userId || (task.teamId !== null && scope.teamIds.includes(task.teamId));

export interface ListFilter {
  /** The owner's tasks, or a team's (the caller's membership is checked by the use-case). */
  owner: { userId: string } | { teamId: string };
  /** Spec §4.1 `archived`: "include archived tasks" — true lists both, false only active ones. */
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

/** Tasks read at once while the feeds are filled in. */
const BACKFILL_BATCH = 500;

/**
 * Task queries and writes. Lookups filter on `_id` alone and check access in code. Every
 * write is one atomic write of one task with its events in `_outbox`; one that depends on
 * what was read is guarded by the task's `rev` (updateWithRevision), so it holds with any
 * number of processes. On the local engine (`feeds` given) the store also keeps the list
 * feeds in step with each write; its callers cannot tell which path ran.
 */
export class TaskStore {
  constructor(
    private readonly m: HabitsModels,
    private readonly feeds: TaskFeeds | null,
  ) {}

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

  /**
   * Stores a new task with its event: one insert. With feeds, pending entries go first and
   * are shown after; a crash in between leaves entries a reader settles from the stored
   * task, or never shows if the task was not stored (see service-kit feed.ts).
   */
  async insert(doc: Omit<TaskDoc, '_outbox'>, event: EventEnvelope): Promise<TaskDoc> {
    await this.feeds?.add(doc);
    // The driver's insert: the use-case built every field, nothing for mongoose to add.
    await this.m.Task.db
      .collection<TaskDoc>(this.m.Task.collection.name)
      .insertOne({ ...doc, _outbox: [event] });
    await this.feeds?.follow(doc);
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
    if (written.result.wrote) await this.feeds?.follow(task);
    const wrote = written.result.wrote;
    const outbox = wrote ? (written.doc._outbox ?? []) : [];
    return { task, result: written.result.result, wrote, outbox };
  }

  /**
   * A page and its total. On the local engine the default list (newest first) reads the
   * feeds; otherwise — and always on MongoDB — a query and a count (no `$facet` on
   * FerretDB), each served by a declared index.
   */
  async list(filter: ListFilter, page: ListPage): Promise<{ items: TaskDoc[]; total: number }> {
    if (this.feeds && TaskFeeds.serves(filter, page)) return this.feeds.list(filter, page);
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

  /**
   * On the local engine, tasks stored before the feeds existed join them, oldest first,
   * once per database. Nothing to do without feeds.
   */
  async backfillFeeds(): Promise<void> {
    const feeds = this.feeds;
    if (!feeds) return;
    await onceForFeeds(this.m.Task.db, 'tasks', async () => {
      const cursor = this.m.Task.find({}, listProjection)
        .sort({ createdAt: 1, _id: 1 })
        .lean<TaskDoc>()
        .cursor();
      let batch: TaskDoc[] = [];
      for await (const task of cursor) {
        batch.push(task);
        if (batch.length < BACKFILL_BATCH) continue;
        await feeds.backfill(batch);
        batch = [];
      }
      if (batch.length) await feeds.backfill(batch);
    });
  }

  /** A user's dailies with a running streak: candidates for a missed-day reset. */
  runningDailies(userId: string): Promise<TaskDoc[]> {
    return this.m.Task.find({ userId, type: 'daily', streak: { $gt: 0 } }, listProjection)
      .lean<TaskDoc[]>()
      .exec();
  }
}
