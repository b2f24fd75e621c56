import { collectionSnapshots, Feed } from '@momentum/service-kit/local-engine';
import type { Connection } from 'mongoose';
import type { ListFilter, ListPage } from './task-store.js';
import type { TaskDoc } from './models.js';

type Snapshot = Omit<TaskDoc, '_outbox'>;

/** Snapshots of the `tasks` collection: without pending events. */
const snapshots = (connection: Connection) =>
  collectionSnapshots<Snapshot>(connection, 'tasks', {
    strip: (task) => {
      const { _outbox: _o, ...snapshot } = task as TaskDoc;
      return snapshot;
    },
    dates: ['createdAt', 'updatedAt', 'completedAt'],
    stateOf: (task) => (task.archived ? 'dead' : 'live'),
    revisionOf: (task) => task.rev,
  });

/**
 * The owner's and the team's tasks, newest first, as snapshots (see service-kit feed.ts),
 * used only on the local engine (`useLocalFeeds`): there the default list — newest first,
 * archived or not — reads a feed's head and a block or two, whatever the number of tasks.
 * Every write of a task refreshes its snapshots (TaskStore); an entry is dead while its
 * task is archived. A snapshot carries the task's `rev`, so of two refreshes arriving out
 * of order (two processes) the newer stays.
 */
export class TaskFeeds {
  private readonly owner: Feed<Snapshot>;
  private readonly team: Feed<Snapshot>;

  constructor(connection: Connection) {
    this.owner = new Feed(connection, 'owner', snapshots(connection));
    this.team = new Feed(connection, 'team', snapshots(connection));
  }

  /** Pending entries for a new task, before it is stored; `follow` shows them. */
  async add(task: Snapshot): Promise<void> {
    await Promise.all([
      this.owner.add(task.userId, task._id, task),
      task.teamId !== null ? this.team.add(task.teamId, task._id, task) : null,
    ]);
  }

  /**
   * Bulk imports (the bench's seeding): live entries for tasks new to the feeds, in the
   * order given, without looking for them first.
   */
  async addMany(tasks: Snapshot[]): Promise<void> {
    const entry = (t: Snapshot) => ({ id: t._id, snapshot: t });
    await this.owner.addAcross(tasks, (t) => t.userId, entry);
    await this.team.addAcross(tasks, (t) => t.teamId ?? null, entry);
  }

  /**
   * Stored tasks the feeds may lack (stored before them), oldest first. A feed skips an id
   * it holds, so a backfill run twice — by two processes starting at once, or after a
   * crash before it was marked done — lists each task once.
   */
  async backfill(tasks: Snapshot[]): Promise<void> {
    // Submitted together, in order: each feed appends them in one batch per scope.
    await Promise.all(tasks.map((task) => this.add(task)));
    await Promise.all(tasks.map((task) => this.follow(task)));
  }

  /** The task as stored now: its snapshots, live unless archived. */
  async follow(task: Snapshot): Promise<void> {
    const change = { state: task.archived ? 'dead' : 'live', snapshot: task } as const;
    await Promise.all([
      this.owner.set(task.userId, task._id, change),
      task.teamId !== null ? this.team.set(task.teamId, task._id, change) : null,
    ]);
  }

  /** Whether a list is the one the feeds hold: newest first, with no type filter. */
  static serves(filter: ListFilter, page: ListPage): boolean {
    return page.sort.field === 'createdAt' && page.sort.direction === -1 && !filter.type;
  }

  async list(filter: ListFilter, page: ListPage): Promise<{ items: TaskDoc[]; total: number }> {
    const [feed, scope] =
      'userId' in filter.owner
        ? [this.owner, filter.owner.userId]
        : [this.team, filter.owner.teamId];
    const { snapshots, counts } = await feed.page(scope, {
      skip: (page.page - 1) * page.limit,
      limit: page.limit,
      wants: (entry) => filter.includeArchived || entry.state === 'live',
    });
    return { items: snapshots, total: filter.includeArchived ? counts.stored : counts.live };
  }
}
