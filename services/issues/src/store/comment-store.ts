import type { EventEnvelope } from '@momentum/contracts';
import { withoutOutbox } from '@momentum/service-kit/storage';
import type { CommentDoc, CommentEntry, IssuesModels } from './models.js';

export type NewComment = Pick<
  CommentDoc,
  '_id' | 'issueId' | 'body' | 'userId' | 'userType' | 'mentions'
>;

/** What a comment may be, read: not deleted, of this issue. */
const live = (issueId: string, id: string) => ({ _id: id, issueId, deletedAt: null });
const noOutbox = { _outbox: 0 } as const;

/**
 * Comments of an issue; access to the issue is decided before these are called. Each write
 * is one atomic write of one comment with its event in `_outbox`; an edit or deletion
 * names the author in its filter, so only the author's succeeds, whatever was read before.
 */
export class CommentStore {
  constructor(private readonly m: IssuesModels) {}

  find(issueId: string, id: string): Promise<CommentEntry | null> {
    return this.m.Comment.findOne(live(issueId, id), noOutbox).lean<CommentEntry>().exec();
  }

  async insert(doc: NewComment, event: EventEnvelope): Promise<CommentEntry> {
    const now = new Date();
    const comment: CommentEntry = {
      ...doc,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.m.Comment.create({ ...comment, _outbox: [event] });
    return comment;
  }

  /** The author's comment with a new body; null when it is not (or no longer) theirs to edit. */
  async update(
    issueId: string,
    id: string,
    authorId: string,
    set: Pick<CommentDoc, 'body' | 'mentions'>,
    event: EventEnvelope,
  ): Promise<CommentEntry | null> {
    const updated = await this.m.Comment.findOneAndUpdate(
      { ...live(issueId, id), userId: authorId },
      { $set: set, $push: { _outbox: event } },
      { new: true },
    ).lean<CommentDoc>();
    // FerretDB has no projection on findAndModify: the events are dropped here.
    return updated && withoutOutbox(updated);
  }

  /** Marks the author's comment deleted; false when it is not (or no longer) there. */
  async remove(issueId: string, id: string, authorId: string, event: EventEnvelope) {
    const removed = await this.m.Comment.findOneAndUpdate(
      { ...live(issueId, id), userId: authorId },
      { $set: { deletedAt: new Date() }, $push: { _outbox: event } },
      { new: true },
    ).lean<CommentDoc>();
    return !!removed;
  }
}
