import type { CommentDoc, IssuesModels } from './models.js';

/** Comments of an issue; access to the issue is decided before these are called. */
export class CommentStore {
  constructor(private readonly m: IssuesModels) {}

  ofIssue(issueId: string) {
    return this.m.Comment.find({ issueId }).sort({ createdAt: 1, _id: 1 }).limit(1000).lean<CommentDoc[]>();
  }

  find(issueId: string, id: string) {
    return this.m.Comment.findOne({ _id: id, issueId }).lean<CommentDoc>();
  }

  async insert(doc: Omit<CommentDoc, '_id' | 'createdAt' | 'updatedAt'>): Promise<CommentDoc> {
    return (await this.m.Comment.create(doc)).toObject<CommentDoc>();
  }

  /** Only the owner's comment is changed; null when it is not theirs or gone. */
  update(issueId: string, id: string, userId: string, set: Pick<CommentDoc, 'body' | 'mentions'>) {
    return this.m.Comment.findOneAndUpdate({ _id: id, issueId, userId }, { $set: set }, { new: true }).lean<CommentDoc>();
  }

  async remove(issueId: string, id: string, userId: string): Promise<boolean> {
    return (await this.m.Comment.deleteOne({ _id: id, issueId, userId })).deletedCount > 0;
  }
}
