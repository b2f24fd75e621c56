import type { EventEnvelope, IssueState, Scope, Watcher } from '@momentum/contracts';
import type { UpdateQuery } from 'mongoose';
import { updateWithRevision, withoutOutbox } from '@momentum/storage';
import { refuseFullOutbox } from '@momentum/messaging';
import type { ActivityEntry, IssueDoc, IssuesModels } from './models.js';
import { carrying, stamped, type NewActivity } from './activity-store.js';
import { IssueNumbers } from './issue-numbers.js';

/** Never sent to clients. */
export const listProjection = {
  searchKeys: 0,
  _outbox: 0,
  _activity: 0,
  _activitySince: 0,
} as const;

/** A new issue as the use case builds it; the store adds times and revision. */
export type NewIssue = Omit<IssueDoc, 'createdAt' | 'updatedAt' | 'rev'>;

/**
 * What a use case decides on an issue as read: the fields to set with the event that says
 * so and the activity entries it makes (carried by the same write, stamped with its time),
 * or nothing to write. `result` is handed back once the decision is written.
 */
export type IssueDecision<R> =
  | { set: Partial<IssueDoc>; event: EventEnvelope; activity?: NewActivity[]; result: R }
  | { set?: undefined; result: R };

export interface IssueChange<R> {
  /** The issue as written, or as read when nothing was written. */
  doc: IssueDoc;
  result: R;
  wrote: boolean;
  /** The issue's outbox as written, for the relay (empty when nothing was written). */
  outbox: EventEnvelope[];
  /** The activity entries the write carried, for the log (ActivityStore.record). */
  activity: ActivityEntry[];
}

/**
 * Issue lookups and writes. Every write is one atomic write of one issue with its event in
 * `_outbox`; one decided on a read is guarded by the issue's `rev` (updateWithRevision), so
 * it holds with any number of processes.
 */
export class IssueStore {
  private readonly numbers: IssueNumbers;

  constructor(private readonly m: IssuesModels) {
    this.numbers = new IssueNumbers(m);
  }

  /** The issue with whether the scope may see it (so callers can tell 403 from 404). */
  async findForScope(
    scope: Scope,
    id: string,
  ): Promise<{ doc: IssueDoc; visible: boolean } | null> {
    const doc = await this.load(id);
    return doc && !doc.deletedAt ? { doc, visible: scope.teamIds.includes(doc.teamId) } : null;
  }

  /** Issues by id that the scope may see; others are left out. */
  findVisible(scope: Scope, ids: readonly string[]) {
    if (!ids.length) return Promise.resolve([] as IssueDoc[]);
    return this.m.Issue.find(
      { _id: { $in: [...ids] }, teamId: { $in: [...scope.teamIds] }, deletedAt: null },
      listProjection,
    ).lean<IssueDoc[]>();
  }

  /**
   * The live issues with this identifier (as stored: `ENG-12`) in the scope's teams (and the
   * project, when named), at most `limit`, in id order. A project key is unique per team, so
   * more than one comes back only across teams (a handful: sorted here, not by the index).
   */
  async withIdentifier(scope: Scope, identifier: string, limit: number, projectId?: string) {
    const docs = await this.m.Issue.find(
      {
        identifier,
        teamId: { $in: [...scope.teamIds] },
        deletedAt: null,
        ...(projectId ? { projectId } : {}),
      },
      listProjection,
    )
      .limit(limit)
      .lean<IssueDoc[]>();
    return docs.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }

  /** Whether the id is an issue's, deleted ones included (ids never move to another service). */
  async exists(id: string): Promise<boolean> {
    return !!(await this.m.Issue.findById(id, { _id: 1 }).lean());
  }

  /** One issue, deleted or not (callers check). */
  readonly load = (id: string) => this.m.Issue.findById(id, listProjection).lean<IssueDoc>().exec();

  /**
   * One issue, deleted or not, with the activity entries its writes still carry (those the
   * log does not have yet, or has but were not taken off yet): the issue page shows them.
   */
  async loadCarrying(id: string): Promise<{ doc: IssueDoc; carried: ActivityEntry[] } | null> {
    const stored = await this.m.Issue.findById(id, { searchKeys: 0, _outbox: 0 })
      .lean<IssueDoc>()
      .exec();
    return stored ? { doc: listed(stored), carried: stored._activity ?? [] } : null;
  }

  /**
   * Stores a new issue under the project's next number (`build` makes it for the number).
   * Callers check everything that could refuse the create first, so a refused create
   * takes no number. Returns the issue with its outbox as stored, for the relay.
   */
  async insertNumbered(
    projectId: string,
    build: (number: number) => NewIssue,
    activityOf: (issue: NewIssue) => NewActivity[] = () => [],
  ): Promise<{ issue: IssueDoc; outbox: EventEnvelope[]; activity: ActivityEntry[] }> {
    const doc = build(await this.numbers.next(projectId));
    const now = new Date();
    const activity = stamped(activityOf(doc), now);
    const issue: IssueDoc = {
      ...doc,
      rev: 0,
      createdAt: now,
      updatedAt: now,
      ...(activity.length ? { _activity: activity, _activitySince: now } : {}),
    };
    await this.m.Issue.create(issue);
    return { issue: listed(issue), outbox: issue._outbox, activity };
  }

  /**
   * Read the issue, let `decide` choose the change, write it with its event — in one write
   * that applies only while the issue is as read (`rev`), else read and decide again.
   * Each write's `updatedAt` is later than the one it replaces, so times (and the activity
   * entries stamped with them) follow the order of the writes. Null when there is no issue.
   */
  async change<R>(
    id: string,
    decide: (current: IssueDoc) => IssueDecision<R> | Promise<IssueDecision<R>>,
  ): Promise<IssueChange<R> | null> {
    type Outcome = { wrote: boolean; result: R; activity: ActivityEntry[] };
    const written = await updateWithRevision<IssueDoc, Outcome>(
      this.m.Issue,
      id,
      async (stored) => {
        const decision = await decide(listed(stored));
        if (!decision.set)
          return { result: { result: decision.result, wrote: false, activity: [] } };
        // NATS away: refused rather than growing the issue toward MongoDB's 16 MiB.
        refuseFullOutbox(stored._outbox, 'issue');
        const at = after(stored.updatedAt);
        const activity = stamped(decision.activity ?? [], at);
        const carried = carrying(activity);
        const update: UpdateQuery<IssueDoc> = {
          $set: { ...decision.set, updatedAt: at },
          $inc: { version: 1 },
          $push: { _outbox: decision.event, ...carried.push },
          ...(activity.length ? { $min: carried.min } : {}),
        };
        return { update, result: { result: decision.result, wrote: true, activity } };
      },
    );
    if (!written) return null;
    const doc = listed(written.doc);
    const { wrote, result, activity } = written.result;
    const outbox = wrote ? (written.doc._outbox ?? []) : [];
    return { doc, result, wrote, outbox, activity };
  }

  /**
   * Changes who watches a live issue: `next` gets the watchers as stored and answers the new
   * list, or null to leave it. Guarded by `rev` like every decided write (a concurrent change
   * that read the old list decides again), and no event: watching is no change of the issue.
   * Null when there is no live issue.
   */
  async rewatch(
    id: string,
    next: (current: Watcher[]) => Watcher[] | null,
  ): Promise<{ doc: IssueDoc; watchers: Watcher[] } | null> {
    const written = await updateWithRevision<IssueDoc, Watcher[] | null>(
      this.m.Issue,
      id,
      (stored) => {
        if (stored.deletedAt) return { result: null };
        const current = stored.watchers ?? [];
        const changed = next(current);
        if (!changed) return { result: current };
        return { update: { $set: { watchers: changed } }, result: changed };
      },
    );
    if (!written?.result) return null;
    return { doc: listed(written.doc), watchers: written.result };
  }

  /** The parent chain above an issue, nearest first; stops at a repeat (defensive). */
  async ancestors(issueId: string, maxDepth = 1000): Promise<string[]> {
    const chain: string[] = [];
    let at: string | null = issueId;
    while (at && chain.length < maxDepth) {
      const doc: { parentId: string | null } | null = await this.m.Issue.findById(at, {
        parentId: 1,
      }).lean();
      at = doc?.parentId ?? null;
      if (!at || chain.includes(at)) break;
      chain.push(at);
    }
    return chain;
  }

  /**
   * One project's issues after `after` in `_id` order, deleted ones too (as tombstones),
   * `limit` at most: a counts rebuild reads a project of any size page by page.
   */
  async states(projectId: string, after: string | undefined, limit: number): Promise<IssueState[]> {
    const rows = await this.m.Issue.find(
      { projectId, ...(after ? { _id: { $gt: after } } : {}) },
      { projectId: 1, status: 1, version: 1, deletedAt: 1 },
    )
      .sort({ _id: 1 })
      .limit(limit)
      .lean<IssueDoc[]>();
    return rows.map((r) => ({
      id: r._id,
      projectId: r.projectId,
      status: r.status,
      version: r.version,
      ...(r.deletedAt ? { deleted: true as const } : {}),
    }));
  }

  /** One project's live issues per status, counted by the engine (a counts audit compares). */
  async statusCounts(projectId: string): Promise<Record<string, number>> {
    const groups = await this.m.Issue.aggregate<{ _id: string; n: number }>([
      { $match: { projectId, deletedAt: null } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ]);
    return Object.fromEntries(groups.map((g) => [g._id, g.n]));
  }
}

/** A moment after `previous`: now, unless the clock has not moved past it. */
function after(previous: Date | undefined): Date {
  const now = Date.now();
  return new Date(previous ? Math.max(now, previous.getTime() + 1) : now);
}

/** A stored issue as reads return it: without what `listProjection` leaves out. */
export function listed(stored: IssueDoc): IssueDoc {
  const {
    searchKeys: _keys,
    _activity: _carried,
    _activitySince: _since,
    ...issue
  } = withoutOutbox(stored);
  return issue as IssueDoc;
}
