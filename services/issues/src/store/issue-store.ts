import type { EventEnvelope, IssueState, Scope } from '@momentum/contracts';
import type { UpdateQuery } from 'mongoose';
import { isDuplicateKey, updateWithRevision, withoutOutbox } from '@momentum/service-kit/storage';
import type { IssueDoc, IssuesModels } from './models.js';
import { IssueNumbers } from './issue-numbers.js';

/** Never sent to clients. */
export const listProjection = { searchKeys: 0, _outbox: 0 } as const;

/** A new issue as the use case builds it; the store adds times and revision. */
export type NewIssue = Omit<IssueDoc, 'createdAt' | 'updatedAt' | 'rev'>;

/**
 * What a use case decides on an issue as read: the fields to set with the event that says
 * so, or nothing to write. `result` is handed back once the decision is written.
 */
export type IssueDecision<R> =
  { set: Partial<IssueDoc>; event: EventEnvelope; result: R } | { set?: undefined; result: R };

export interface IssueChange<R> {
  /** The issue as written, or as read when nothing was written. */
  doc: IssueDoc;
  result: R;
  wrote: boolean;
  /** The issue's outbox as written, for the relay (empty when nothing was written). */
  outbox: EventEnvelope[];
}

/** How often a create takes another number after finding its number taken. */
const NUMBER_ATTEMPTS = 5;

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

  /** Whether the id is an issue's, deleted ones included (ids never move to another service). */
  async exists(id: string): Promise<boolean> {
    return !!(await this.m.Issue.findById(id, { _id: 1 }).lean());
  }

  /** One issue, deleted or not (callers check). */
  readonly load = (id: string) => this.m.Issue.findById(id, listProjection).lean<IssueDoc>().exec();

  /**
   * Stores a new issue under the project's next number (`build` makes it for the number).
   * Callers check everything that could refuse the create first, so a refused create
   * takes no number. A number found taken (a counter behind its issues, see
   * IssueNumbers.catchUp) is never shown: the create takes the next one. Returns the issue
   * with its outbox as stored, for the relay.
   */
  async insertNumbered(
    projectId: string,
    build: (number: number) => NewIssue,
  ): Promise<{ issue: IssueDoc; outbox: EventEnvelope[] }> {
    for (let attempt = 1; ; attempt++) {
      const doc = build(await this.numbers.next(projectId));
      const now = new Date();
      const issue: IssueDoc = { ...doc, rev: 0, createdAt: now, updatedAt: now };
      try {
        await this.m.Issue.create(issue);
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= NUMBER_ATTEMPTS) throw err;
        await this.numbers.catchUp(projectId);
        continue;
      }
      return { issue: listed(issue), outbox: issue._outbox };
    }
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
    type Outcome = { wrote: boolean; result: R };
    const written = await updateWithRevision<IssueDoc, Outcome>(
      this.m.Issue,
      id,
      async (stored) => {
        const decision = await decide(listed(stored));
        if (!decision.set) return { result: { result: decision.result, wrote: false } };
        const update: UpdateQuery<IssueDoc> = {
          $set: { ...decision.set, updatedAt: after(stored.updatedAt) },
          $inc: { version: 1 },
          $push: { _outbox: decision.event },
        };
        return { update, result: { result: decision.result, wrote: true } };
      },
    );
    if (!written) return null;
    const doc = listed(written.doc);
    const { wrote, result } = written.result;
    const outbox = wrote ? (written.doc._outbox ?? []) : [];
    return { doc, result, wrote, outbox };
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
      .sort({ createdAt: -1, _id: -1 })
      .lean<IssueDoc[]>();
    return rows.map((r) => ({
      id: r._id,
      projectId: r.projectId,
      status: r.status,
      version: r.version,
    }));
  }
}

/** A moment after `previous`: now, unless the clock has not moved past it. */
function after(previous: Date | undefined): Date {
  const now = Date.now();
  return new Date(previous ? Math.max(now, previous.getTime() + 1) : now);
}

/** A stored issue as reads return it: without what `listProjection` leaves out. */
export function listed(stored: IssueDoc): IssueDoc {
  const { searchKeys: _keys, ...issue } = withoutOutbox(stored);
  return issue as IssueDoc;
}
