import type { IssueState, IssueStatus } from '@momentum/contracts';
import { isDuplicateKey } from '@momentum/storage';
import type { IssueStateDoc, ProjectModels } from './models.js';

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

  /** The versions of the rows found among `ids` (one `_id` read each, in parallel). */
  async versionsOf(ids: readonly string[]): Promise<Map<string, number>> {
    const rows = await Promise.all(
      ids.map((id) => this.m.IssueState.findById(id, { version: 1 }).lean<IssueStateDoc>()),
    );
    return new Map(rows.flatMap((r) => (r ? [[r._id, r.version] as const] : [])));
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

  /** One project's rows, as a rebuild compares them with the truth. */
  ofProject(projectId: string) {
    return this.m.IssueState.find({ projectId }, { version: 1, seenAt: 1 }).lean<
      Array<Pick<IssueStateDoc, '_id' | 'version' | 'seenAt'>>
    >();
  }

  /** The statuses of one project's rows, to count them. */
  async statusesOf(projectId: string): Promise<string[]> {
    const rows = await this.m.IssueState.find({ projectId }, { status: 1 }).lean<
      Array<Pick<IssueStateDoc, 'status'>>
    >();
    return rows.map((r) => r.status);
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

  /** Deletes these rows unless an event rewrote them since `before`; answers how many went. */
  async removeUnseenSince(ids: readonly string[], before: Date): Promise<number> {
    if (!ids.length) return 0;
    const res = await this.m.IssueState.deleteMany({
      _id: { $in: [...ids] },
      seenAt: { $lt: before },
    });
    return res.deletedCount;
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
