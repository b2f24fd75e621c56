import type { CommentDoc, IssuesModels } from './models.js';
import { addOnce, type TimelineStore } from './timeline-store.js';

/**
 * Comments of an issue; access to the issue is decided before these are called. Every
 * write also lands in the issue's timeline, which the issue page reads.
 */
export class CommentStore {
  constructor(
    private readonly m: IssuesModels,
    private readonly timelines: TimelineStore,
  ) {}

  /** By `_id` alone (the one filter FerretDB serves from an index); the issue is checked here. */
  async find(issueId: string, id: string): Promise<CommentDoc | null> {
    const comment = await this.m.Comment.findById(id).lean<CommentDoc>();
    return comment?.issueId === issueId ? comment : null;
  }

  async insert(doc: Omit<CommentDoc, '_id' | 'createdAt' | 'updatedAt'>): Promise<CommentDoc> {
    const comment = (await this.m.Comment.create(doc)).toObject<CommentDoc>();
    await this.timelines.change(comment.issueId, (t) => addOnce(t.comments, [comment]));
    return comment;
  }

  /** Callers check ownership with `find` first; null when the comment is gone. */
  async update(id: string, set: Pick<CommentDoc, 'body' | 'mentions'>): Promise<CommentDoc | null> {
    const comment = await this.m.Comment.findOneAndUpdate(
      { _id: id },
      { $set: set },
      { new: true },
    ).lean<CommentDoc>();
    if (comment)
      await this.timelines.change(comment.issueId, (t) => {
        t.comments = t.comments.map((c) => (c._id === id ? comment : c));
      });
    return comment;
  }

  async remove(issueId: string, id: string): Promise<boolean> {
    const removed = (await this.m.Comment.deleteOne({ _id: id })).deletedCount > 0;
    await this.timelines.change(issueId, (t) => {
      t.comments = t.comments.filter((c) => c._id !== id);
    });
    return removed;
  }
}
