import type { IssueState, IssueStatus } from '@momentum/contracts';
import { isDuplicateKey } from '@momentum/storage';
import type { IssueStateDoc, ProjectModels } from './models.js';
import { DELETED_STATUS } from '../domain/issue-event.js';

const BATCH = 500;

/**
 * The `issue_states` rows: the newest state counted of each issue. Every write moves a
 * row forward only (`version` below the new one), so writers in any order and in any
 * process leave the newest version, never an older one.
 */
export class IssueRows {
  constructor(private readonly m: ProjectModels) {}

  find(id: string) {
    return this.m.IssueState.findById(id).lean<IssueStateDoc>();
  }

  /** The versions of the rows found among `ids`, in one read of their `_id`s. */
  async versionsOf(ids: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.m.IssueState.find({ _id: { $in: [...ids] } }, { version: 1 }).lean<
      Array<Pick<IssueStateDoc, '_id' | 'version'>>
    >();
    return new Map(rows.map((r) => [r._id, r.version]));
  }

  /**
   * Brings the row to `state` unless it is as new already. `exists` is what the caller
   * last saw; it only picks which write is tried first (a new issue is one insert).
   */
  async advance(state: IssueState, exists: boolean, seenAt = new Date()): Promise<void> {
    const { id, projectId, status, version } = state;
    const fields = { projectId, status, version, seenAt };
    let tryInsert = !exists;
    for (;;) {
      if (tryInsert) {
        try {
          await this.m.IssueState.create({ _id: id, ...fields });
          return;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
      const res = await this.m.IssueState.updateOne(
        { _id: id, version: { $lt: version } },
        { $set: fields },
      );
      if (res.matchedCount > 0) return;
      // No older row: either one as new as ours is there (done), or none yet (insert).
      const row = await this.m.IssueState.findById(id, { version: 1 }).lean<IssueStateDoc>();
      if (row && row.version >= version) return;
      tryInsert = !row;
    }
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
