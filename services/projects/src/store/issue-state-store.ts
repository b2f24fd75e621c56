import {
  AppError,
  type IssueState,
  type IssueStatus,
  type ProjectCounts,
} from '@momentum/contracts';
import { backoff, isDuplicateKey } from '@momentum/storage';
import type { ProjectCountsDoc, ProjectModels } from './models.js';
import { IssueRows } from './issue-rows.js';
import { countsOf, transition } from '../domain/counts.js';
import { decide, settledMarks, type Mark } from '../domain/apply.js';
import { planRebuild } from '../domain/rebuild.js';

/** What applying an issue state did: counted it, or skipped it as old or as another project's issue. */
export type ApplyOutcome = 'applied' | 'stale' | 'foreign';

/** Races lost in a row before a handler gives up (the event is redelivered later). */
const MAX_ATTEMPTS = 50;
/** Marks a project's numbers may carry before the next event clears the settled ones. */
export const SETTLE_AT = 50;
const REBUILD_ATTEMPTS = 10;

/**
 * The issue-count read model: one row per issue with the newest `version` counted
 * (`issue_states`, see IssueRows) and one numbers document per project
 * (`project_counts`), so a read is one fetch by `_id`.
 *
 * Counting a move is one conditional update of the numbers document: it requires the
 * issue's mark (`inFlight.<issue>`) to be the one read, and sets it to the version
 * counted while it moves the numbers. Two processes handling the same event, or two
 * versions of one issue, race on that condition and exactly one counts; the other reads
 * again and finds the move counted. Moves of different issues do not touch each other's
 * conditions, so they do not collide. The row is written after the count: a crash in
 * between leaves a mark newer than the row, and the redelivery writes the row from it
 * instead of counting again (`decide`). Marks whose rows have caught up are cleared in
 * batches, which raises `epoch`; every count requires the epoch it read, so a mark that
 * vanished between a handler's read and its write cannot pass for "never counted".
 */
export class IssueStateStore {
  private readonly rows: IssueRows;

  constructor(private readonly m: ProjectModels) {
    this.rows = new IssueRows(m);
  }

  /** Idempotent and order-proof: a state no newer than the counted one changes nothing. */
  async apply(state: IssueState): Promise<ApplyOutcome> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // The numbers first, then the row: a mark missing from the numbers read was either
      // never set, or cleared after its row was written, so the row read after shows it;
      // a mark set or cleared after the numbers were read fails the count's condition.
      const numbers = await this.m.ProjectCounts.findById(state.projectId).lean<ProjectCountsDoc>();
      if (numbers && (await this.settle(numbers))) continue;
      const row = await this.rows.find(state.id);
      const mark = numbers?.inFlight?.[state.id];
      const decision = decide(state, row, mark);
      if (decision.kind === 'foreign') return 'foreign';
      if (decision.kind === 'stale') {
        if (decision.repair) await this.rows.advance(decision.repair, row !== null);
        return 'stale';
      }
      if (await this.count(state, decision.from, numbers, mark)) {
        await this.rows.advance(state, row !== null);
        return 'applied';
      }
      await backoff(attempt);
    }
    throw new Error(`issue ${state.id}: lost ${MAX_ATTEMPTS} races in a row; will retry`);
  }

  async countsFor(projectIds: readonly string[]): Promise<Map<string, ProjectCounts>> {
    if (!projectIds.length) return new Map();
    const docs = await this.m.ProjectCounts.find(
      { _id: { $in: projectIds } },
      { issuesByStatus: 1 },
    ).lean<ProjectCountsDoc[]>();
    const byId = new Map(docs.map((d) => [d._id, d.issuesByStatus]));
    return new Map(projectIds.map((id) => [id, countsOf(byId.get(id))]));
  }

  /**
   * Makes one project's rows with ids in (`after`, `upTo`] match one page of the issues
   * service's `truth` (fetched from `fetchedAt` on): rows newer than the truth stay, and a
   * row the truth does not list becomes a tombstone unless an event wrote it after the
   * fetch began. Answers how many rows stopped counting that way.
   */
  async syncPage(
    projectId: string,
    truth: readonly IssueState[],
    range: { after: string | undefined; upTo: string | undefined },
    fetchedAt: Date,
  ): Promise<number> {
    const rows = await this.rows.inRange(projectId, range.after, range.upTo);
    const plan = planRebuild(new Map(rows.map((r) => [r._id, r.version])), truth);
    await this.rows.insertNew(plan.inserts, fetchedAt);
    await this.rows.advanceMany(plan.updates, fetchedAt);
    return this.rows.tombstone(plan.missing, fetchedAt);
  }

  /**
   * Recounts one project from its rows and replaces its numbers, only if no event moved
   * them meanwhile (`rev`); else it counts again (the rows stay synced: only this step
   * needs the project still, for the one aggregate's round trip).
   */
  async recount(projectId: string): Promise<ProjectCounts> {
    for (let attempt = 0; attempt < REBUILD_ATTEMPTS; attempt++) {
      const numbers = await this.m.ProjectCounts.findById(projectId).lean<ProjectCountsDoc>();
      // Moves counted but not yet in their rows go there first, so the recount sees them.
      await Promise.all(
        Object.entries(numbers?.inFlight ?? {}).map(([id, mark]) =>
          this.rows.advance({ id, projectId, status: mark.s, version: mark.v }, true),
        ),
      );
      const byStatus = countsOf(await this.rows.statusCounts(projectId)).issuesByStatus;
      if (await this.replaceNumbers(projectId, numbers, byStatus)) return countsOf(byStatus);
      await backoff(attempt);
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'The counts are busy; try again', undefined, {
      'Retry-After': '1',
    });
  }

  /**
   * Counts one issue's move from `from` to its new status, on the condition that the
   * issue's mark and the epoch are still the ones read. False: another writer came first.
   */
  private async count(
    state: IssueState,
    from: IssueStatus | null,
    numbers: ProjectCountsDoc | null,
    mark: Mark | undefined,
  ): Promise<boolean> {
    const counted: Mark = { v: state.version, s: state.status };
    const moves = transition(from, state.status);
    if (!numbers) {
      // The project's first counted issue: the insert is the condition (one `_id`).
      try {
        await this.m.ProjectCounts.create({
          _id: state.projectId,
          issuesByStatus: moves,
          inFlight: { [state.id]: counted },
          epoch: 0,
          rev: 1,
        });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    const res = await this.m.ProjectCounts.updateOne(
      {
        _id: state.projectId,
        epoch: numbers.epoch ?? null,
        ...(mark
          ? { [`inFlight.${state.id}.v`]: mark.v }
          : { [`inFlight.${state.id}`]: { $exists: false } }),
      },
      {
        $set: { [`inFlight.${state.id}`]: counted },
        $inc: {
          rev: 1,
          ...Object.fromEntries(Object.entries(moves).map(([s, n]) => [`issuesByStatus.${s}`, n])),
        },
      },
    );
    return res.matchedCount > 0;
  }

  /**
   * Once a project carries many marks, clears those whose rows have caught up, in one
   * write that raises the epoch. True when it wrote (or lost to a writer): read again.
   */
  private async settle(numbers: ProjectCountsDoc): Promise<boolean> {
    const marks = numbers.inFlight ?? {};
    if (Object.keys(marks).length < SETTLE_AT) return false;
    const settled = settledMarks(marks, await this.rows.versionsOf(Object.keys(marks)));
    if (!settled.length) return false;
    await this.m.ProjectCounts.updateOne(
      {
        _id: numbers._id,
        epoch: numbers.epoch ?? null,
        ...Object.fromEntries(settled.map(([id, mark]) => [`inFlight.${id}.v`, mark.v])),
      },
      {
        $unset: Object.fromEntries(settled.map(([id]) => [`inFlight.${id}`, 1])),
        $inc: { epoch: 1, rev: 1 },
      },
    );
    return true;
  }

  /** The recount, written only over the numbers as read (`rev`), with no marks left. */
  private async replaceNumbers(
    projectId: string,
    read: ProjectCountsDoc | null,
    issuesByStatus: Record<IssueStatus, number>,
  ): Promise<boolean> {
    const next = {
      issuesByStatus,
      inFlight: {},
      epoch: (read?.epoch ?? 0) + 1,
      rev: (read?.rev ?? 0) + 1,
    };
    if (!read) {
      try {
        await this.m.ProjectCounts.create({ _id: projectId, ...next });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    const res = await this.m.ProjectCounts.replaceOne(
      { _id: projectId, rev: read.rev ?? null },
      next,
    );
    return res.matchedCount > 0;
  }
}
