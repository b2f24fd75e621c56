import type { CommentDoc, IssuesModels } from './models.js';

/** Comments of an issue; access to the issue is decided before these are called. */
export class CommentStore {
  constructor(private readonly m: IssuesModels) {}

  ofIssue(issueId: string) {
    return this.m.Comment.find({ issueId })
      .sort({ createdAt: 1, _id: 1 })
      .limit(1000)
      .lean<CommentDoc[]>();
  }

  /** By `_id` alone (the one filter FerretDB serves from an index); the issue is checked here. */
  async find(issueId: string, id: string): Promise<CommentDoc | null> {
    const comment = await this.m.Comment.findById(id).lean<CommentDoc>();
    return comment?.issueId === issueId ? comment : null;
  }

  async insert(doc: Omit<CommentDoc, '_id' | 'createdAt' | 'updatedAt'>): Promise<CommentDoc> {
    return (await this.m.Comment.create(doc)).toObject<CommentDoc>();
  }

  /** Callers check ownership with `find` first; null when the comment is gone. */
  async update(id: string, set: Pick<CommentDoc, 'body' | 'mentions'>): Promise<CommentDoc | null> {
    await this.m.Comment.updateOne({ _id: id }, { $set: set });
    return this.m.Comment.findById(id).lean<CommentDoc>();
  }

  async remove(id: string): Promise<boolean> {
    return (await this.m.Comment.deleteOne({ _id: id })).deletedCount > 0;
  }
}
