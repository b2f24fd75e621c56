import type { EventEnvelope, Scope, TaskSortField } from '@momentum/contracts';
import type { HabitsModels, TaskDoc } from './models.js';
import {
  DocumentTurns,
  onceForFeeds,
  withoutOutbox,
  type KeyedSerializer,
} from '@momentum/service-kit';
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

/** Never part of a reply. */
const listProjection = { _outbox: 0, feedSeqs: 0 } as const;

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
 * Task queries. Lookups filter on `_id` alone — the one filter FerretDB pushes down — and
 * check access in code. Writes of one task run one at a time (`serialized`), because
 * FerretDB 1.x applies an update as read-modify-write of the whole document.
 */
export class TaskStore {
  readonly feeds: TaskFeeds;
  private readonly turns: DocumentTurns<TaskDoc>;

  constructor(
    private readonly m: HabitsModels,
    private readonly serializer: KeyedSerializer,
  ) {
    this.feeds = new TaskFeeds(m.Task.db, serializer);
    this.turns = new DocumentTurns(serializer, m.Task, (task) => this.feeds.follow(task));
  }

  get model() {
    return this.m.Task;
  }

  /**
   * Runs `work` as the task's only writer, under the key the outbox relay uses, so its
   * `$pull` queues behind our writes; the feeds follow what it wrote after the turn.
   */
  serialized<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.turns.run(id, work);
  }

  findById(id: string): Promise<TaskDoc | null> {
    return this.m.Task.findById(id).lean<TaskDoc>().exec();
  }

  async findVisible(scope: Scope, id: string): Promise<TaskDoc | null> {
    const task = await this.findById(id);
    return task && canSee(scope, task) ? task : null;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.m.Task.findById(id, { _id: 1 }).lean().exec()) !== null;
  }

  /**
   * Stores a new task: pending feed entries first, then the task, then the entries shown.
   * After a crash in between, a reader shows the entries from the stored task, or never
   * shows them if the task was not stored (see service-kit feed.ts).
   */
  async insert(doc: Omit<TaskDoc, '_outbox' | 'feedSeqs'>, event: EventEnvelope): Promise<TaskDoc> {
    const feedSeqs = await this.feeds.add(doc);
    const created = await this.m.Task.create({ ...doc, feedSeqs, _outbox: [event] });
    const task = withoutOutbox(created.toObject<TaskDoc>());
    await this.feeds.follow(task);
    return task;
  }

  /** One atomic write: the new field values, the next revision and the events. */
  async write(id: string, set: Partial<TaskDoc>, events: EventEnvelope[]): Promise<TaskDoc | null> {
    const push = events.length ? { $push: { _outbox: { $each: events } } } : {};
    const doc = await this.m.Task.findOneAndUpdate(
      { _id: id },
      { $set: set, $inc: { rev: 1 }, ...push },
      { new: true },
    )
      .lean<TaskDoc>()
      .exec();
    if (doc) await this.turns.wrote(doc);
    return doc && withoutOutbox(doc);
  }

  /**
   * A page and its total. The default list (newest first) reads the feeds; other sorts and
   * the type filter run a query and a count (no `$facet` on FerretDB), which FerretDB over
   * SQLite answers by reading the whole collection.
   */
  async list(filter: ListFilter, page: ListPage): Promise<{ items: TaskDoc[]; total: number }> {
    if (TaskFeeds.serves(filter, page)) return this.feeds.list(filter, page);
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

  /** Tasks stored before the feeds existed join them, oldest first (once per database). */
  backfillFeeds(): Promise<void> {
    return onceForFeeds(this.m.Task.db, 'tasks', async () => {
      const missing = await this.m.Task.find({ feedSeqs: null }, listProjection)
        .sort({ createdAt: 1, _id: 1 })
        .lean<TaskDoc[]>()
        .exec();
      for (const task of missing)
        await this.serialized(task._id, async () => {
          const feedSeqs = await this.feeds.add(task);
          await this.m.Task.updateOne({ _id: task._id }, { $set: { feedSeqs } }).exec();
          await this.feeds.follow({ ...task, feedSeqs });
        });
    });
  }

  /** A user's dailies with a running streak: candidates for a missed-day reset. */
  runningDailies(userId: string): Promise<TaskDoc[]> {
    return this.m.Task.find({ userId, type: 'daily', streak: { $gt: 0 } }, listProjection)
      .lean<TaskDoc[]>()
      .exec();
  }
}
