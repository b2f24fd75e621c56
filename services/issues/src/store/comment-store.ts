import type { EventEnvelope } from '@momentum/contracts';
import type { ActivityEntry, CommentDoc, CommentEntry, IssuesModels } from './models.js';
import { carrying, stamped, type NewActivity } from './activity-store.js';

export type NewComment = Pick<
  CommentDoc,
  '_id' | 'issueId' | 'body' | 'userId' | 'userType' | 'mentions'
>;

/** What a comment may be, read: not deleted, of this issue. */
const live = (issueId: string, id: string) => ({ _id: id, issueId, deletedAt: null });
const noOutbox = { _outbox: 0, _activity: 0, _activitySince: 0 } as const;

/** A comment as written, with the activity entries its write carried (for the log). */
export interface CommentWrite {
  comment: CommentEntry;
  activity: ActivityEntry[];
}

/** A write's update with its event and carried activity. */
function updateWith(set: Partial<CommentDoc>, event: EventEnvelope, activity: ActivityEntry[]) {
  const carried = carrying(activity);
  return {
    $set: set,
    $push: { _outbox: event, ...carried.push },
    ...(activity.length ? { $min: carried.min } : {}),
  };
}

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

  async insert(
    doc: NewComment,
    event: EventEnvelope,
    record: NewActivity[] = [],
  ): Promise<CommentWrite> {
    const now = new Date();
    const comment: CommentEntry = {
      ...doc,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const activity = stamped(record, now);
    await this.m.Comment.create({
      ...comment,
      _outbox: [event],
      ...(activity.length ? { _activity: activity, _activitySince: now } : {}),
    });
    return { comment, activity };
  }

  /** The author's comment with a new body; null when it is not (or no longer) theirs to edit. */
  async update(
    issueId: string,
    id: string,
    authorId: string,
    set: Pick<CommentDoc, 'body' | 'mentions'>,
    event: EventEnvelope,
    record: NewActivity[] = [],
  ): Promise<CommentWrite | null> {
    const activity = stamped(record);
    const updated = await this.m.Comment.findOneAndUpdate(
      { ...live(issueId, id), userId: authorId },
      updateWith(set, event, activity),
      { new: true, projection: noOutbox },
    ).lean<CommentEntry>();
    return updated && { comment: updated, activity };
  }

  /**
   * Marks the author's comment deleted; null when it is not (or no longer) there, else the
   * activity entries the write carried.
   */
  async remove(
    issueId: string,
    id: string,
    authorId: string,
    event: EventEnvelope,
    record: NewActivity[] = [],
  ): Promise<ActivityEntry[] | null> {
    const now = new Date();
    const activity = stamped(record, now);
    const removed = await this.m.Comment.findOneAndUpdate(
      { ...live(issueId, id), userId: authorId },
      updateWith({ deletedAt: now }, event, activity),
      { new: true, projection: { _id: 1 } },
    ).lean<Pick<CommentDoc, '_id'>>();
    return removed ? activity : null;
  }
}
