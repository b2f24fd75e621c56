import { isDuplicateKey } from '@momentum/service-kit';
import { blockerId } from '../domain/ids.js';
import type { BlockerDoc, IssuesModels } from './models.js';

/** Blocker relations: `issueId` is blocked by `blockedById`. */
export class BlockerStore {
  constructor(private readonly m: IssuesModels) {}

  /** Null when the relation exists already (its `_id` is derived from the pair). */
  async insert(doc: Omit<BlockerDoc, '_id' | 'createdAt'>): Promise<BlockerDoc | null> {
    try {
      return (
        await this.m.Blocker.create({ ...doc, _id: blockerId(doc.issueId, doc.blockedById) })
      ).toObject<BlockerDoc>();
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  async exists(issueId: string, blockedById: string): Promise<boolean> {
    return (await this.m.Blocker.countDocuments({ _id: blockerId(issueId, blockedById) })) > 0;
  }

  /** Relations where the issue is blocked (`blockedBy`) and where it blocks (`blocking`). */
  async of(issueId: string): Promise<{ blockedBy: BlockerDoc[]; blocking: BlockerDoc[] }> {
    const [blockedBy, blocking] = await Promise.all([
      this.m.Blocker.find({ issueId }).sort({ createdAt: 1 }).limit(1000).lean<BlockerDoc[]>(),
      this.m.Blocker.find({ blockedById: issueId })
        .sort({ createdAt: 1 })
        .limit(1000)
        .lean<BlockerDoc[]>(),
    ]);
    return { blockedBy, blocking };
  }

  /** The blocked-by edges leaving the given issues (one level of a cycle search). */
  edgesFrom(issueIds: readonly string[]) {
    return this.m.Blocker.find(
      { issueId: { $in: [...issueIds] } },
      { issueId: 1, blockedById: 1 },
    ).lean<Pick<BlockerDoc, 'issueId' | 'blockedById'>[]>();
  }

  /** A relation touching the issue, by relation id or by the other issue's id (lookups by `_id` only). */
  async findForIssue(issueId: string, ref: string): Promise<BlockerDoc | null> {
    const ids = [ref, blockerId(issueId, ref), blockerId(ref, issueId)];
    const found = await Promise.all(
      ids.map((id) => this.m.Blocker.findById(id).lean<BlockerDoc>()),
    );
    return found.find((r) => r && (r.issueId === issueId || r.blockedById === issueId)) ?? null;
  }

  /** Every relation of an issue, on either side (when the issue is deleted). */
  async removeAllOf(issueId: string): Promise<void> {
    await this.m.Blocker.deleteMany({ $or: [{ issueId }, { blockedById: issueId }] });
  }

  async remove(id: string): Promise<boolean> {
    return (await this.m.Blocker.deleteOne({ _id: id })).deletedCount > 0;
  }
}
