import type { BlockerDoc, IssuesModels } from './models.js';

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/** Blocker relations: `issueId` is blocked by `blockedById`. */
export class BlockerStore {
  constructor(private readonly m: IssuesModels) {}

  /** Null when the relation exists already (unique index). */
  async insert(doc: Omit<BlockerDoc, '_id' | 'createdAt'>): Promise<BlockerDoc | null> {
    try {
      return (await this.m.Blocker.create(doc)).toObject<BlockerDoc>();
    } catch (err) {
      if (isDuplicate(err)) return null;
      throw err;
    }
  }

  exists(issueId: string, blockedById: string) {
    return this.m.Blocker.exists({ issueId, blockedById });
  }

  /** Relations where the issue is blocked (`blockedBy`) and where it blocks (`blocking`). */
  async of(issueId: string): Promise<{ blockedBy: BlockerDoc[]; blocking: BlockerDoc[] }> {
    const [blockedBy, blocking] = await Promise.all([
      this.m.Blocker.find({ issueId }).sort({ createdAt: 1 }).limit(1000).lean<BlockerDoc[]>(),
      this.m.Blocker.find({ blockedById: issueId }).sort({ createdAt: 1 }).limit(1000).lean<BlockerDoc[]>(),
    ]);
    return { blockedBy, blocking };
  }

  /** The blocked-by edges leaving the given issues (one level of a cycle search). */
  edgesFrom(issueIds: readonly string[]) {
    return this.m.Blocker.find({ issueId: { $in: [...issueIds] } }, { issueId: 1, blockedById: 1 }).lean<Pick<BlockerDoc, 'issueId' | 'blockedById'>[]>();
  }

  /** A relation touching the issue, by relation id or by the other issue's id. */
  findForIssue(issueId: string, ref: string) {
    return this.m.Blocker.findOne({
      $or: [
        { _id: ref, issueId },
        { _id: ref, blockedById: issueId },
        { issueId, blockedById: ref },
        { issueId: ref, blockedById: issueId },
      ],
    }).lean<BlockerDoc>();
  }

  async remove(id: string): Promise<boolean> {
    return (await this.m.Blocker.deleteOne({ _id: id })).deletedCount > 0;
  }
}
