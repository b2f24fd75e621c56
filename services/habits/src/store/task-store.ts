import {
  TOTAL_COUNTED_MAX,
  type EventEnvelope,
  type ListPosition,
  type Scope,
  type TaskSortField,
} from '@momentum/contracts';
import {
  readListPage,
  pendingAlone,
  takeOffPending,
  updateWithRevision,
  withoutOutbox,
  type PendingCarrier,
  type PendingFields,
} from '@momentum/storage';
import type { UpdateQuery, mongo } from 'mongoose';
import { refuseFullOutbox } from '@momentum/messaging';
import type { SettleWithPull } from '@momentum/messaging/outbox';
import type { HabitsModels, PendingXp, TaskDoc } from './models.js';

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
  /** Start after this item (a `meta.nextCursor`) instead of skipping pages. */
  after?: ListPosition | undefined;
}

/**
 * What a use-case decides on a task as read: the fields to set with the events that say
 * so, or nothing to write. `result` is handed back once the decision is written.
 */
export type TaskDecision<R> =
  | { set: Partial<TaskDoc>; events: EventEnvelope[]; xp?: PendingXp; result: R }
  | { set?: undefined; result: R };

export interface TaskUpdate<R> {
  /** The task as written (or as read, when nothing was written). */
  task: TaskDoc;
  result: R;
  wrote: boolean;
  /** The task's outbox as written, for the relay (empty when nothing was written). */
  outbox: EventEnvelope[];
}

/** Never part of a reply. */
const listProjection = { _outbox: 0, xpPending: 0, xpPendingSince: 0 } as const;

/** A completion's XP waiting on its task until the profile holds it (award-xp.ts). */
const XP_PENDING = { list: 'xpPending', since: 'xpPendingSince' } as const satisfies Record<
  keyof PendingFields,
  keyof TaskDoc
>;

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

/**
 * The update a decision makes: its fields, its events and the XP it earned in one write
 * (the XP waits in `xpPending` until the profile has it).
 */
const updateOf = (
  set: Partial<TaskDoc>,
  events: EventEnvelope[],
  xp?: PendingXp,
): UpdateQuery<TaskDoc> => {
  const push: Record<string, unknown> = {};
  if (events.length) push._outbox = { $each: events };
  if (xp) push.xpPending = xp;
  return {
    $set: set,
    ...(Object.keys(push).length ? { $push: push } : {}),
    ...(xp ? { $min: { xpPendingSince: xp.at } } : {}),
  };
};

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

  /**
   * Through the driver: a plain document by its string `_id`, with nothing for mongoose to
   * cast (its query building cost more of habits' CPU than the command it sends).
   */
  findById(id: string): Promise<TaskDoc | null> {
    const stored = this.m.Task.collection as unknown as mongo.Collection<TaskDoc>;
    return stored.findOne({ _id: id }, { projection: listProjection });
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
      // NATS away: refused rather than growing the task toward MongoDB's 16 MiB.
      refuseFullOutbox(stored._outbox, 'task');
      return {
        update: updateOf(decision.set, decision.events, decision.xp),
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
   * A page, its total and the cursor of the page after it: a query (by `page`, or by range
   * after a cursor) and a count, sent together, each served by a declared index; the count
   * stops past TOTAL_COUNTED_MAX (the caller caps it). Not one `$facet`: its input is every
   * matching document, fetched whole, where the query reads one page and the count stops at
   * its limit, both along an index. One more item than the page is read to know whether
   * another page follows.
   */
  async list(
    filter: ListFilter,
    page: ListPage,
  ): Promise<{ items: TaskDoc[]; total: number; nextCursor: string | null }> {
    const query = listFilterOf(filter);
    const sort = listSortOf(page);
    const field = SORT_FIELD[page.sort.field];
    const read = (where: Record<string, unknown>, skip: number, limit: number) =>
      this.m.Task.find({ ...query, ...where }, listProjection)
        .sort(sort)
        .skip(skip)
        .limit(limit)
        .lean<TaskDoc[]>()
        .exec();
    const [{ rows: items, nextCursor }, total] = await Promise.all([
      readListPage({ ...page, field }, read),
      this.m.Task.countDocuments(query, { limit: TOTAL_COUNTED_MAX + 1 }).exec(),
    ]);
    return { items, total, nextCursor };
  }

  /**
   * Takes a completion's XP off the task once the profile holds it, with the recovery's
   * marker when nothing else waits (`entry` null: only the marker of an emptied list).
   */
  settleXp(id: string, entry: PendingXp | null): Promise<void> {
    const stored = this.m.Task.collection as unknown as mongo.Collection<PendingCarrier>;
    return takeOffPending(stored, id, XP_PENDING, entry ? [entry] : []);
  }

  /**
   * settleXp joined to the task's outbox pull, in the same update (a held pull's `join`,
   * OutboxRelay.flushHolding): while the task holds just this entry; otherwise settleXp.
   */
  settlingXp(id: string, entry: PendingXp): SettleWithPull {
    const { filter, update } = pendingAlone(XP_PENDING, [entry]);
    return { filter, update, otherwise: () => this.settleXp(id, entry) };
  }

  /** Tasks with XP pending since before `before`, oldest first (the `xp_pending` index). */
  withPendingXp(before: Date, limit: number): Promise<Array<Pick<TaskDoc, '_id' | 'xpPending'>>> {
    return this.m.Task.find({ xpPendingSince: { $lt: before } }, { xpPending: 1 })
      .sort({ xpPendingSince: 1 })
      .limit(limit)
      .lean<Array<Pick<TaskDoc, '_id' | 'xpPending'>>>()
      .exec();
  }

  /**
   * Which of these completion ids a task still lists as pending: those a profile's trim
   * must keep (profile-store.ts). Read from the `xp_pending` index, which holds only the
   * tasks with XP pending (those whose completion is under way, and what crashes left for
   * the recovery); null when there are more of them than `limit`, too many to tell.
   */
  async pendingXpIds(ids: readonly string[], limit = 1000): Promise<Set<string> | null> {
    const tasks = await this.m.Task.find({ xpPendingSince: { $exists: true } }, { xpPending: 1 })
      .limit(limit + 1)
      .lean<Array<Pick<TaskDoc, '_id' | 'xpPending'>>>()
      .exec();
    if (tasks.length > limit) return null;
    const asked = new Set(ids);
    const pending = new Set<string>();
    for (const task of tasks)
      for (const entry of task.xpPending ?? []) if (asked.has(entry.id)) pending.add(entry.id);
    return pending;
  }

  /**
   * Gives a pending entry a new id, the rest of it as it was, while the task still lists
   * it: the new entry, or null when the task no longer lists it (settled, or given a new id
   * by another caller: one caller wins). One write guarded by the list as read, read again
   * when another entry of the task came or went meanwhile.
   */
  async rekeyXp(id: string, entry: PendingXp, newId: string): Promise<PendingXp | null> {
    // Through the driver: mongoose would cast the list to `$in` (see settleXp).
    const stored = this.m.Task.collection as unknown as mongo.Collection<TaskDoc>;
    for (let attempt = 0; attempt < 20; attempt++) {
      const task = await stored.findOne({ _id: id }, { projection: { xpPending: 1 } });
      const listed = task?.xpPending ?? [];
      const at = listed.findIndex((e) => e.id === entry.id);
      if (at < 0) return null;
      const fresh: PendingXp = { ...listed[at]!, id: newId };
      const next = listed.map((e, i) => (i === at ? fresh : e));
      const written = await stored.updateOne(
        { _id: id, xpPending: listed },
        { $set: { xpPending: next } },
      );
      if (written.matchedCount === 1) return fresh;
    }
    throw new Error(
      `XP pending on task ${id} kept changing; entry ${entry.id} left for the recovery`,
    );
  }

  /**
   * A user's dailies with a running streak: candidates for a missed-day reset. Served by
   * `owner_type_list`'s `{userId, type}` prefix: the streak is checked on the user's
   * dailies, a handful, so no index of its own (one would be rewritten on every completion).
   */
  runningDailies(userId: string): Promise<TaskDoc[]> {
    return this.m.Task.find({ userId, type: 'daily', streak: { $gt: 0 } }, listProjection)
      .lean<TaskDoc[]>()
      .exec();
  }
}
