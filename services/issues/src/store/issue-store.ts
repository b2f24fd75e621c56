import {
  AppError,
  type EventEnvelope,
  type IssueSortField,
  type IssueState,
  type ListIssuesQuery,
  type Scope,
} from '@momentum/contracts';
import type { FilterQuery, PipelineStage, SortOrder } from 'mongoose';
import { firstCandidate } from '../domain/identifier.js';
import type { IssueDoc, IssuesModels } from './models.js';
import {
  DocumentTurns,
  isDuplicateKey,
  onceForFeeds,
  withoutOutbox,
  type KeyedSerializer,
} from '@momentum/service-kit';
import { IssueFeed, SEARCH_MATCHES_MAX } from './issue-feed.js';
import { byTime } from './timeline-store.js';

/** API sort names → stored fields (ranks and folded titles sort as people expect). */
const sortFields: Record<IssueSortField, keyof IssueDoc> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  priority: 'priorityRank',
  status: 'statusRank',
  dueDate: 'dueDate',
  identifier: 'number',
  sortOrder: 'sortOrder',
  title: 'titleSort',
};

/** As many sub-issues as an issue page shows. */
const SUB_ISSUES_SHOWN = 500;

/** Never sent to clients in lists (the feed seq is kept: writes need it). */
const listProjection = { searchKeys: 0, _outbox: 0 } as const;

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Issue queries. Reads of user data take a Scope: visibility is the issue's team. */
export class IssueStore {
  private readonly feed: IssueFeed;
  private readonly turns: DocumentTurns<IssueDoc>;

  constructor(
    private readonly m: IssuesModels,
    private readonly serializer: KeyedSerializer,
  ) {
    this.feed = new IssueFeed(m.Issue.db, serializer);
    this.turns = new DocumentTurns(serializer, m.Issue, (issue) => this.feed.follow(issue));
  }

  /**
   * Runs the work as the only writer of the issue (see KeyedSerializer); the relay shares
   * the key. The project feed follows what it wrote after the turn.
   */
  exclusive<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.turns.run(id, work);
  }

  /** The issue with whether the scope may see it (so callers can tell 403 from 404). */
  async findForScope(
    scope: Scope,
    id: string,
  ): Promise<{ doc: IssueDoc; visible: boolean } | null> {
    const doc = await this.m.Issue.findById(id, listProjection).lean<IssueDoc>();
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

  /** Whether the id is an issue's, deleted ones included (ids never move to another service). */
  async exists(id: string): Promise<boolean> {
    return !!(await this.m.Issue.findById(id, { _id: 1 }).lean());
  }

  /**
   * The next number of a project: a counter gives a hint, a unique claim document makes
   * it the caller's. See domain/identifier.ts for why walking up keeps numbers consecutive.
   */
  claimNumber(projectId: string): Promise<number> {
    // In this process one claim per project at a time keeps the counter exact; the claim
    // documents still guard against other instances.
    return this.serializer.runFor(this.m.Counter, projectId, () => this.claimFrom(projectId));
  }

  private async claimFrom(projectId: string): Promise<number> {
    const hint = await this.counterHint(projectId);
    const start = firstCandidate(hint);
    for (let n = start; n < start + 100_000; n++) {
      try {
        await this.m.NumberClaim.create({ _id: `${projectId}:${n}` });
      } catch (err) {
        if (isDuplicateKey(err)) continue;
        throw err;
      }
      // Where increments were lost the hint lags; lift it so the next caller starts near here.
      if (n > hint)
        await this.m.Counter.updateOne({ _id: projectId, seq: { $lt: n } }, { $set: { seq: n } });
      return n;
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'Could not allocate an issue number; try again');
  }

  private async counterHint(projectId: string): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const doc = await this.m.Counter.findOneAndUpdate(
          { _id: projectId },
          { $inc: { seq: 1 } },
          { upsert: true, new: true },
        ).lean();
        return doc?.seq ?? 1;
      } catch (err) {
        // Two first upserts of one counter: the loser retries and finds the document.
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return 1;
  }

  /**
   * Stores a new issue: a pending feed entry first, then the issue, then the entry shown.
   * After a crash in between, a reader shows the entry from the stored issue, or never
   * shows it if the issue was not stored (see service-kit feed.ts).
   */
  async insert(doc: Omit<IssueDoc, 'createdAt' | 'updatedAt' | 'feedSeq'>): Promise<IssueDoc> {
    // Pending until `follow` writes the stored issue, timestamps included.
    const now = new Date();
    const feedSeq = await this.feed.add({ ...doc, createdAt: now, updatedAt: now });
    const created = await this.m.Issue.create({ ...doc, feedSeq });
    const issue = created.toObject<IssueDoc>();
    await this.feed.follow(issue);
    return listed(issue);
  }

  /**
   * Write a change with its event in the outbox, in one update by `_id` (the only filter
   * FerretDB serves from an index). Callers hold `exclusive(id)`, so nobody wrote since
   * they read the issue. FerretDB has no projection on findAndModify: what a list leaves
   * out is dropped here.
   */
  async update(id: string, set: Partial<IssueDoc>, event: EventEnvelope): Promise<IssueDoc | null> {
    const stored = await this.m.Issue.findOneAndUpdate(
      { _id: id },
      { $set: set, $inc: { version: 1 }, $push: { _outbox: event } },
      { new: true },
    ).lean<IssueDoc>();
    if (!stored) return null;
    const doc = listed(stored);
    await this.turns.wrote(doc);
    return doc;
  }

  /** One issue, deleted or not (callers check). */
  private readonly load = (id: string) =>
    this.m.Issue.findById(id, listProjection).lean<IssueDoc>().exec();

  /**
   * The default list of a project (newest first, unfiltered) reads its feed; other lists
   * run a query and a count, which FerretDB over SQLite answers by reading the collection.
   */
  async list(scope: Scope, q: ListIssuesQuery): Promise<Page<IssueDoc>> {
    if (IssueFeed.serves(q)) return this.feed.list(q);
    const filter = listFilter(scope, q);
    const field = sortFields[q.sort.field];
    const sort: Record<string, SortOrder> = { [field]: q.sort.direction, _id: q.sort.direction };
    const [rows, total] = await Promise.all([
      this.m.Issue.find(filter, listProjection)
        .sort(sort)
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean<IssueDoc[]>(),
      this.m.Issue.countDocuments(filter),
    ]);
    return { rows, total };
  }

  /**
   * Issues holding any of the keys, ranked by how many they hold, newest first on ties;
   * the newest SEARCH_MATCHES_MAX matches are ranked and counted. A project's search reads
   * its feed; a search over all the caller's teams runs the aggregation below, which
   * FerretDB over SQLite answers by reading the collection.
   */
  async search(
    scope: Scope,
    keys: string[],
    projectId: string | undefined,
    page: number,
    limit: number,
  ): Promise<Page<IssueDoc>> {
    if (projectId) return this.feed.search(projectId, keys, page, limit);
    const match: FilterQuery<IssueDoc> = {
      searchKeys: { $in: keys },
      teamId: { $in: [...scope.teamIds] },
      deletedAt: null,
    };
    const pipeline: PipelineStage[] = [
      { $match: match },
      { $sort: { _id: -1 } },
      { $limit: SEARCH_MATCHES_MAX },
      { $project: { searchKeys: 1 } },
      { $unwind: '$searchKeys' },
      { $match: { searchKeys: { $in: keys } } },
      { $group: { _id: '$_id', score: { $sum: 1 } } },
      { $sort: { score: -1, _id: -1 } },
      { $skip: (page - 1) * limit },
      { $limit: limit },
    ];
    const [ranked, total] = await Promise.all([
      this.m.Issue.aggregate<{ _id: string; score: number }>(pipeline),
      this.m.Issue.countDocuments(match),
    ]);
    const docs = await Promise.all(ranked.map((r) => this.load(r._id)));
    return {
      rows: docs.filter((d): d is IssueDoc => !!d),
      total: Math.min(total, SEARCH_MATCHES_MAX),
    };
  }

  /** Issues stored before the feeds existed join them, oldest first (once per database). */
  backfillFeed(): Promise<void> {
    return onceForFeeds(this.m.Issue.db, 'issues', async () => {
      const missing = await this.m.Issue.find({ feedSeq: null }, { _outbox: 0 })
        .sort({ createdAt: 1, _id: 1 })
        .lean<IssueDoc[]>();
      for (const issue of missing)
        await this.exclusive(issue._id, async () => {
          const feedSeq = await this.feed.add(issue);
          await this.m.Issue.updateOne({ _id: issue._id }, { $set: { feedSeq } });
          await this.feed.follow({ ...issue, feedSeq });
        });
    });
  }

  /**
   * Sub-issues among the ids a parent's timeline lists, read by `_id`: those still under
   * the parent, visible and not deleted, oldest first.
   */
  async subIssues(scope: Scope, parentId: string, childIds: string[]): Promise<IssueDoc[]> {
    const docs = await Promise.all(childIds.map(this.load));
    return docs
      .filter(
        (d): d is IssueDoc =>
          !!d && d.parentId === parentId && !d.deletedAt && scope.teamIds.includes(d.teamId),
      )
      .sort(byTime)
      .slice(0, SUB_ISSUES_SHOWN);
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

  async states(projectId: string): Promise<IssueState[]> {
    const rows = await this.m.Issue.find(
      { projectId, deletedAt: null },
      { projectId: 1, status: 1, version: 1 },
    )
      .sort({ projectId: 1, createdAt: -1 })
      .lean<IssueDoc[]>();
    return rows.map((r) => ({
      id: r._id,
      projectId: r.projectId,
      status: r.status,
      version: r.version,
    }));
  }
}

/** A stored issue as reads return it: without what `listProjection` leaves out. */
function listed(stored: IssueDoc): IssueDoc {
  const { searchKeys: _keys, ...issue } = withoutOutbox(stored);
  return issue as IssueDoc;
}

function listFilter(scope: Scope, q: ListIssuesQuery): FilterQuery<IssueDoc> {
  const filter: FilterQuery<IssueDoc> = { teamId: { $in: [...scope.teamIds] }, deletedAt: null };
  if (q.projectId) filter.projectId = q.projectId;
  if (q.status?.length) filter.status = { $in: q.status };
  if (q.priority?.length) filter.priority = { $in: q.priority };
  if (q.assigneeId) filter.assigneeId = q.assigneeId === 'none' ? null : q.assigneeId;
  if (q.parentId) filter.parentId = q.parentId === 'none' ? null : q.parentId;
  if (q.labels?.length) filter.labels = { $all: q.labels };
  return filter;
}
