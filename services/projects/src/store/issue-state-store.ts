import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AppError,
  type IssueState,
  type IssueStatus,
  type ProjectCounts,
} from '@momentum/contracts';
import { backoff, isDuplicateKey } from '@momentum/storage';
import {
  countsId,
  issueStatesCollection,
  type ProjectCountsDoc,
  type ProjectModels,
} from './models.js';
import { IssueRows } from './issue-rows.js';
import { CountedMoves, type ExpectedRow } from './counted-moves.js';
import { countsOf } from '../domain/counts.js';
import { decide } from '../domain/apply.js';
import type { IssueMove } from '../domain/issue-event.js';
import { planRebuild } from '../domain/rebuild.js';

/** What applying an issue state did: counted it, or skipped it as old or as another project's issue. */
export type ApplyOutcome = 'applied' | 'stale' | 'foreign';

/** Races lost in a row before a handler gives up (the event is redelivered later). */
const MAX_ATTEMPTS = 50;
const REBUILD_ATTEMPTS = 10;
/** How long a recount holds a project's counts at most (one that died lets go then). */
const RECOUNT_HOLD_MS = 30_000;
/**
 * How long a recount waits, once it holds the counts, for moves whose command began before
 * it (each is one command: its statements land within this).
 */
export const RECOUNT_GRACE_MS = 500;

/**
 * The issue-count read model: one row per issue with the newest counted state
 * (`issue_states`, see IssueRows) and, in the same collection, one numbers document per
 * project (`countsId`), so a read is one fetch by `_id`.
 *
 * A move is one command that writes the row only if it is as expected and then moves the
 * numbers (CountedMoves): redeliveries, reorderings and two processes race on the row's
 * condition and exactly one counts. When the event names the status it moved from, the
 * expectation is that status with an older version, so an in-order move costs that one
 * command and nothing else; otherwise, or when the row was not as expected, the row is read
 * and the move decided from it (newest version wins), then written on that row exactly.
 */
export class IssueStateStore {
  private readonly rows: IssueRows;
  private readonly moves: CountedMoves;

  constructor(private readonly m: ProjectModels) {
    this.rows = new IssueRows(m);
    this.moves = new CountedMoves(m);
  }

  private get collection() {
    return issueStatesCollection(this.m);
  }

  /** Idempotent and order-proof: a state no newer than the counted one changes nothing. */
  async apply({ state, from }: IssueMove): Promise<ApplyOutcome> {
    let guess: { expected: ExpectedRow; from: IssueStatus | null } | undefined =
      from === undefined
        ? undefined
        : {
            expected: from === null ? null : { status: from, version: { $lt: state.version } },
            from,
          };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (!guess) {
        const row = await this.rows.find(state.id);
        const decision = decide(state, row);
        if (decision.kind !== 'move') return decision.kind;
        guess = {
          expected: row && { status: row.status, version: row.version },
          from: decision.from,
        };
      }
      const outcome = await this.moves.move(state, guess.expected, guess.from);
      if (outcome === 'moved') return 'applied';
      guess = undefined;
      if (outcome === 'recounting') await backoff(attempt);
    }
    throw new Error(`issue ${state.id}: lost ${MAX_ATTEMPTS} races in a row; will retry`);
  }

  async countsFor(projectIds: readonly string[]): Promise<Map<string, ProjectCounts>> {
    if (!projectIds.length) return new Map();
    const docs = await this.collection
      .find<ProjectCountsDoc>(
        { _id: { $in: projectIds.map(countsId) } },
        { projection: { issuesByStatus: 1 } },
      )
      .toArray();
    const byId = new Map(docs.map((d) => [d._id, d.issuesByStatus]));
    return new Map(projectIds.map((id) => [id, countsOf(byId.get(countsId(id)))]));
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
   * Recounts one project from its rows and replaces its numbers. It holds the numbers
   * first (moves wait meanwhile), lets the moves already under way land, reads the numbers'
   * `rev`, counts the rows, and replaces the numbers only if that `rev` is unchanged: a
   * move that landed late makes it count again (503 after ten). A recount that finds another
   * holding the numbers waits for it.
   */
  async recount(projectId: string): Promise<ProjectCounts> {
    const token = randomUUID();
    const giveUpAt = Date.now() + RECOUNT_HOLD_MS;
    let held = false;
    let lost = 0;
    try {
      while (lost < REBUILD_ATTEMPTS && Date.now() < giveUpAt) {
        const taken = await this.hold(projectId, token);
        if (!taken) {
          // Another recount holds the numbers: it lets go when done (or its hold ends).
          await sleep(RECOUNT_GRACE_MS / 5);
          continue;
        }
        // Newly held: moves that passed the hold's check before it was taken land first.
        if (!held) await sleep(RECOUNT_GRACE_MS);
        held = true;
        const read = await this.collection.findOne<ProjectCountsDoc>(
          { _id: countsId(projectId) },
          { projection: { rev: 1 } },
        );
        const byStatus = countsOf(await this.rows.statusCounts(projectId)).issuesByStatus;
        // The replacement carries no hold: it lets the moves go.
        const res = await this.collection.replaceOne(
          { _id: countsId(projectId), rev: read?.rev ?? null, 'recount.token': token },
          { issuesByStatus: byStatus, rev: (read?.rev ?? 0) + 1 },
        );
        if (res.matchedCount > 0) {
          held = false;
          return countsOf(byStatus);
        }
        await backoff(lost++);
      }
    } finally {
      if (held)
        await this.collection.updateOne(
          { _id: countsId(projectId), 'recount.token': token },
          { $unset: { recount: 1 } },
        );
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'The counts are busy; try again', undefined, {
      'Retry-After': '1',
    });
  }

  /**
   * Takes (or keeps, with the same `token`) the project's numbers for a recount, unless
   * another recount holds them.
   */
  private async hold(projectId: string, token: string): Promise<boolean> {
    const now = Date.now();
    try {
      await this.collection.updateOne(
        {
          _id: countsId(projectId),
          $or: [
            { recount: { $exists: false } },
            { 'recount.until': { $lt: new Date(now) } },
            { 'recount.token': token },
          ],
        },
        {
          $set: { recount: { token, until: new Date(now + RECOUNT_HOLD_MS) } },
          $inc: { rev: 1 },
        },
        { upsert: true },
      );
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}
