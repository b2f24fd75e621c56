import type { IssueState, ProjectCounts } from '@momentum/contracts';
import type { ProjectModels } from './models.js';
import { countsByProject, type StatusCountRow } from '../domain/counts.js';

/**
 * The issue-count read model: one row per issue with the highest `version` seen.
 * Counting is a `$group` over the `{projectId, status}` index, so a redelivered or
 * out-of-order event can never be counted twice — it only ever replaces a row.
 */
const BATCH = 500;

export class IssueStateStore {
  constructor(private readonly m: ProjectModels) {}

  /** True when the state was newer than what we had (and is now stored). */
  async apply(state: IssueState, seenAt = new Date()): Promise<boolean> {
    try {
      const res = await this.m.IssueState.updateOne(
        { _id: state.id, version: { $lt: state.version } },
        { $set: { projectId: state.projectId, status: state.status, version: state.version, seenAt } },
        { upsert: true },
      );
      return res.modifiedCount + res.upsertedCount > 0;
    } catch (err) {
      // The row exists with this or a newer version: the upsert's insert hit the _id.
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  /** Version per issue of one project (the `{projectId, status}` index finds them). */
  async versionsOf(projectId: string): Promise<Map<string, number>> {
    const rows = await this.m.IssueState.find({ projectId }, { version: 1 }).lean<Array<{ _id: string; version: number }>>();
    return new Map(rows.map((r) => [r._id, r.version]));
  }

  /**
   * Inserts rows for issues not seen yet, in unordered batches. One that an event wrote
   * meanwhile (duplicate _id) goes through `apply`, which keeps the newer version.
   */
  async insertMany(states: readonly IssueState[], seenAt = new Date()): Promise<void> {
    for (let i = 0; i < states.length; i += BATCH) {
      const batch = states.slice(i, i + BATCH);
      try {
        await this.m.IssueState.insertMany(
          batch.map((s) => ({ _id: s.id, projectId: s.projectId, status: s.status, version: s.version, seenAt })),
          { ordered: false },
        );
      } catch (err) {
        if (!onlyDuplicates(err)) throw err;
        for (const state of batch) await this.apply(state, seenAt);
      }
    }
  }

  /** Drops the given rows of the project, unless written after `before` (by a newer event). */
  async remove(projectId: string, ids: readonly string[], before: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await this.m.IssueState.deleteMany({ _id: { $in: [...ids] }, projectId, seenAt: { $lt: before } });
    return res.deletedCount;
  }

  async countsFor(projectIds: readonly string[]): Promise<Map<string, ProjectCounts>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.m.IssueState.aggregate<{ _id: { projectId: string; status: string }; count: number }>([
      { $match: { projectId: projectIds.length === 1 ? projectIds[0] : { $in: [...projectIds] } } },
      { $group: { _id: { projectId: '$projectId', status: '$status' }, count: { $sum: 1 } } },
    ]);
    const flat: StatusCountRow[] = rows.map((r) => ({ projectId: r._id.projectId, status: r._id.status, count: r.count }));
    return countsByProject(projectIds, flat);
  }
}

/** A bulk insert that failed only on duplicate `_id`s. */
function onlyDuplicates(err: unknown): boolean {
  const e = err as { code?: number; writeErrors?: Array<{ code?: number }> };
  if (e.writeErrors?.length) return e.writeErrors.every((w) => w.code === 11000);
  return e.code === 11000;
}
