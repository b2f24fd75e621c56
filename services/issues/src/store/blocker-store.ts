import type { EventEnvelope } from '@momentum/contracts';
import { isDuplicateKey } from '@momentum/storage';
import { blockerId } from '../domain/ids.js';
import type { ActivityEntry, BlockerDoc, IssuesModels } from './models.js';
import { carrying, CARRIED, CARRIED_SINCE, type NewActivity, stamped } from './activity-store.js';

export type NewBlocker = Pick<BlockerDoc, 'issueId' | 'blockedById' | 'createdBy'>;

const noOutbox = { _outbox: 0, _activity: 0, _activitySince: 0 } as const;

/**
 * Blocker relations: `issueId` is blocked by `blockedById`. Each write is one atomic write
 * of one relation with its event in `_outbox`; a removed relation stays, marked, so its
 * removal can carry the event. Adding is checked for cycles under the blocker lease
 * (store/link-leases.ts) by the caller.
 */
export class BlockerStore {
  constructor(private readonly m: IssuesModels) {}

  /**
   * The pair's relation, new or revived after a removal, with its event; null when it
   * exists already (its `_id` is derived from the pair, so a pair is stored once).
   */
  async add(
    doc: NewBlocker,
    event: EventEnvelope,
    record: NewActivity[] = [],
  ): Promise<{ relation: BlockerDoc; activity: ActivityEntry[] } | null> {
    const _id = blockerId(doc.issueId, doc.blockedById);
    const createdAt = new Date();
    const activity = stamped(record, createdAt);
    const carried = carrying(activity);
    try {
      await this.m.Blocker.create({
        ...doc,
        _id,
        createdAt,
        removedAt: null,
        _outbox: [event],
        ...(activity.length ? { _activity: activity, _activitySince: createdAt } : {}),
      });
      return { relation: { ...doc, _id, createdAt, removedAt: null, _outbox: [] }, activity };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // Mongoose keeps `createdAt` as first written; the driver sets the revived one's.
    const revived = await this.m.Blocker.db.collection<BlockerDoc>('blockers').findOneAndUpdate(
      { _id, removedAt: { $ne: null } },
      {
        $set: { createdBy: doc.createdBy, createdAt, removedAt: null },
        $push: { _outbox: event, ...carried.push },
        ...(activity.length ? { $min: carried.min } : {}),
      },
      { returnDocument: 'after', projection: { _outbox: 0, _activity: 0, _activitySince: 0 } },
    );
    if (!revived) return null;
    return { relation: revived, activity };
  }

  async exists(issueId: string, blockedById: string): Promise<boolean> {
    const id = blockerId(issueId, blockedById);
    return !!(await this.m.Blocker.findOne({ _id: id, removedAt: null }, { _id: 1 }).lean());
  }

  /** Relations where the issue is blocked (`blockedBy`) and where it blocks (`blocking`). */
  async of(issueId: string): Promise<{ blockedBy: BlockerDoc[]; blocking: BlockerDoc[] }> {
    const side = (filter: Partial<BlockerDoc>) =>
      this.m.Blocker.find({ ...filter, removedAt: null }, noOutbox)
        .sort({ createdAt: 1 })
        .limit(1000)
        .lean<BlockerDoc[]>()
        .exec();
    const [blockedBy, blocking] = await Promise.all([
      side({ issueId }),
      side({ blockedById: issueId }),
    ]);
    return { blockedBy, blocking };
  }

  /** The blocked-by edges leaving the given issues (one level of a cycle search). */
  edgesFrom(issueIds: readonly string[]) {
    return this.m.Blocker.find(
      { issueId: { $in: [...issueIds] }, removedAt: null },
      { issueId: 1, blockedById: 1 },
    ).lean<Pick<BlockerDoc, 'issueId' | 'blockedById'>[]>();
  }

  /** The projects of the given issues (deleted ones too): where a cycle search reached. */
  async projectsOf(issueIds: readonly string[]): Promise<string[]> {
    if (!issueIds.length) return [];
    const docs = await this.m.Issue.find({ _id: { $in: [...issueIds] } }, { projectId: 1 }).lean<
      Array<{ projectId: string }>
    >();
    return [...new Set(docs.map((d) => d.projectId))];
  }

  /** A relation touching the issue, by relation id or by the other issue's id (one `_id` read). */
  async findForIssue(issueId: string, ref: string): Promise<BlockerDoc | null> {
    const ids = [ref, blockerId(issueId, ref), blockerId(ref, issueId)];
    const found = await this.m.Blocker.find({ _id: { $in: ids }, removedAt: null }, noOutbox).lean<
      BlockerDoc[]
    >();
    return found.find((r) => r.issueId === issueId || r.blockedById === issueId) ?? null;
  }

  /**
   * Removes a relation with its event and the activity entries it makes; null when it was
   * not there (any more). `record` absent: an addition taken back, whose entries (carried,
   * not yet recorded) go with it.
   */
  async remove(
    id: string,
    event: EventEnvelope,
    record?: NewActivity[],
  ): Promise<ActivityEntry[] | null> {
    const now = new Date();
    const activity = stamped(record ?? [], now);
    const carried = carrying(activity);
    const removed = await this.m.Blocker.updateOne(
      { _id: id, removedAt: null },
      {
        $set: { removedAt: now },
        $push: { _outbox: event, ...carried.push },
        ...(activity.length ? { $min: carried.min } : {}),
        ...(record ? {} : { $unset: { [CARRIED]: '', [CARRIED_SINCE]: '' } }),
      },
    );
    return removed.modifiedCount > 0 ? activity : null;
  }

  /**
   * Some live relations of an issue on either side, at most `limit` of each (an issue being
   * deleted removes them all, each with its event, reading again until none is left). Each
   * read is served by the side's index.
   */
  async someLiveOf(issueId: string, limit: number): Promise<BlockerDoc[]> {
    const side = (filter: Record<string, unknown>) =>
      this.m.Blocker.find({ ...filter, removedAt: null }, noOutbox)
        .limit(limit)
        .lean<BlockerDoc[]>()
        .exec();
    const [blocked, blocking] = await Promise.all([
      side({ issueId }),
      side({ blockedById: issueId }),
    ]);
    return [...blocked, ...blocking];
  }
}
