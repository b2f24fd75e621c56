import type { IssueState, IssueStatus } from '@momentum/contracts';
import { isDuplicateKey } from '@momentum/storage';
import type { IssueStateDoc, ProjectModels } from './models.js';
import { DELETED_STATUS } from '../domain/issue-event.js';

const BATCH = 500;

/**
 * The `issue_states` rows: the newest state counted of each issue. Every write moves a
 * row forward only (`version` below the new one), so writers in any order and in any
 * process leave the newest version, never an older one. An event's move writes its row
 * with the counts (CountedMoves); these are the rebuild's writes and reads.
 */
export class IssueRows {
  constructor(private readonly m: ProjectModels) {}

  find(id: string) {
    return this.m.IssueState.findById(id).lean<IssueStateDoc>();
  }

  /**
   * One project's rows with ids in (`after`, `upTo`] (open-ended without `upTo`): the rows
   * a rebuild compares with one page of the truth.
   */
  inRange(projectId: string, after: string | undefined, upTo: string | undefined) {
    const _id = { ...(after ? { $gt: after } : {}), ...(upTo ? { $lte: upTo } : {}) };
    return this.m.IssueState.find(
      { projectId, ...(after || upTo ? { _id } : {}) },
      { version: 1, seenAt: 1 },
    )
      .sort({ _id: 1 })
      .lean<Array<Pick<IssueStateDoc, '_id' | 'version' | 'seenAt'>>>();
  }

  /** One project's rows per status, counted by the engine (tombstones included). */
  async statusCounts(projectId: string): Promise<Record<string, number>> {
    const groups = await this.m.IssueState.aggregate<{ _id: string; n: number }>([
      { $match: { projectId } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ]);
    return Object.fromEntries(groups.map((g) => [g._id, g.n]));
  }

  /** Rows for issues not seen yet, in unordered batches; an id stored meanwhile is left alone. */
  async insertNew(states: readonly IssueState[], seenAt: Date): Promise<void> {
    for (let i = 0; i < states.length; i += BATCH) {
      const batch = states.slice(i, i + BATCH).map((s) => ({
        _id: s.id,
        projectId: s.projectId,
        status: s.status as IssueStatus,
        version: s.version,
        seenAt,
      }));
      await this.m.IssueState.insertMany(batch, { ordered: false }).catch((err: unknown) => {
        if (!onlyDuplicates(err)) throw err;
      });
    }
  }

  /** Moves existing rows forward to these states, in one round trip per batch. */
  async advanceMany(states: readonly IssueState[], seenAt: Date): Promise<void> {
    for (let i = 0; i < states.length; i += BATCH) {
      await this.m.IssueState.bulkWrite(
        states.slice(i, i + BATCH).map(({ id, projectId, status, version }) => ({
          updateOne: {
            filter: { _id: id, version: { $lt: version } },
            update: { $set: { projectId, status, version, seenAt } },
          },
        })),
        { ordered: false },
      );
    }
  }

  /**
   * Turns these rows into tombstones (the deleted status, their version kept) unless an
   * event rewrote them since `before`: an issue the truth no longer lists is not counted,
   * and a late event of it, no newer than the row, does not count it again. Answers how many.
   */
  async tombstone(ids: readonly string[], before: Date): Promise<number> {
    if (!ids.length) return 0;
    const res = await this.m.IssueState.updateMany(
      { _id: { $in: [...ids] }, seenAt: { $lt: before }, status: { $ne: DELETED_STATUS } },
      { $set: { status: DELETED_STATUS } },
    );
    return res.modifiedCount;
  }
}

/**
 * A bulk insert that failed only on duplicate `_id`s. Mongoose's unordered insertMany
 * reports each failure as `{ err, index }`, the driver's as a WriteError with `code`.
 */
function onlyDuplicates(err: unknown): boolean {
  const e = err as { writeErrors?: Array<{ err?: unknown }> };
  if (e.writeErrors?.length) return e.writeErrors.every((w) => isDuplicateKey(w.err ?? w));
  return isDuplicateKey(err);
}
