import { collectionSnapshots, Feed, type KeyedSerializer } from '@momentum/service-kit';
import type { Connection } from 'mongoose';
import type { ListFilter, ListPage } from './task-store.js';
import type { TaskDoc } from './models.js';

/** Where a task sits in its owner's feed and, for a team task, in its team's. */
export interface TaskFeedSeqs {
  owner: number;
  team: number | null;
}

type Snapshot = Omit<TaskDoc, '_outbox' | 'feedSeqs'>;

/** Snapshots of the `tasks` collection: without pending events and feed positions. */
const snapshots = (connection: Connection) =>
  collectionSnapshots<Snapshot>(connection, 'tasks', {
    strip: (task) => {
      const { _outbox: _o, feedSeqs: _f, ...snapshot } = task as TaskDoc;
      return snapshot;
    },
    dates: ['createdAt', 'updatedAt', 'completedAt'],
    stateOf: (task) => (task.archived ? 'dead' : 'live'),
    revisionOf: (task) => task.rev,
  });

/**
 * The owner's and the team's tasks, newest first, as snapshots (see service-kit feed.ts):
 * the default list — newest first, archived or not — reads the head and a block or two,
 * whatever the number of tasks. Every write of a task refreshes its snapshots; an entry is
 * dead while its task is archived.
 */
export class TaskFeeds {
  private readonly owner: Feed<Snapshot>;
  private readonly team: Feed<Snapshot>;

  constructor(connection: Connection, serializer: KeyedSerializer) {
    this.owner = new Feed(connection, 'owner', serializer, snapshots(connection));
    this.team = new Feed(connection, 'team', serializer, snapshots(connection));
  }

  /** Pending entries for a new task, before it is stored; `follow` shows them. */
  async add(task: Snapshot): Promise<TaskFeedSeqs> {
    const [owner, team] = await Promise.all([
      this.owner.add(task.userId, task._id, task),
      task.teamId !== null ? this.team.add(task.teamId, task._id, task) : null,
    ]);
    return { owner, team };
  }

  /** Bulk imports: live entries for tasks about to be stored, in the order given. */
  async addMany(tasks: Snapshot[]): Promise<TaskFeedSeqs[]> {
    const entry = (t: Snapshot) => ({ id: t._id, snapshot: t });
    const owner = await this.owner.addAcross(tasks, (t) => t.userId, entry);
    const team = await this.team.addAcross(tasks, (t) => t.teamId, entry);
    return tasks.map((_, i) => ({ owner: owner[i]!, team: team[i] ?? null }));
  }

  /** The task as stored now: its snapshots, live unless archived. */
  async follow(task: TaskDoc): Promise<void> {
    const seqs = task.feedSeqs;
    if (!seqs) return;
    const change = { state: task.archived ? 'dead' : 'live', snapshot: task } as const;
    await Promise.all([
      this.owner.set(task.userId, seqs.owner, task._id, change),
      seqs.team !== null && task.teamId !== null
        ? this.team.set(task.teamId, seqs.team, task._id, change)
        : null,
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
