import { DELETED_USER_ID, DELETED_USER_NAME } from '@momentum/contracts';
import type { IssuesModels } from './models.js';

const HIDDEN = { _outbox: 0, _activity: 0, _activitySince: 0 } as const;
const GONE = DELETED_USER_ID;

/**
 * What issues holds of one person: the issues they created and the comments they wrote.
 * Both are team content: an erasure keeps them, attributed to the deleted-user id (shown
 * as "Deleted user"), and takes the person off assignments and watch lists.
 */
export class PersonalDataStore {
  constructor(private readonly m: IssuesModels) {}

  issues(userId: string) {
    return this.m.Issue.find({ createdBy: userId, deletedAt: null }, { ...HIDDEN, searchKeys: 0 })
      .lean()
      .cursor();
  }

  comments(userId: string) {
    return this.m.Comment.find({ userId, deletedAt: null }, HIDDEN).lean().cursor();
  }

  /**
   * Re-attributes and unassigns (idempotent). No event: the issues do not change, only whom
   * they name; the activity log's assignee values are renamed with it.
   */
  async erase(userId: string): Promise<void> {
    const { Issue, Comment, Activity, Blocker } = this.m;
    // The quota counters are the person's own, not team content.
    await this.m.AccountCount.deleteMany({
      _id: { $in: [`issues:${userId}`, `comments:${userId}`] },
    });
    await Issue.updateMany({ createdBy: userId }, { $set: { createdBy: GONE } });
    await Issue.updateMany({ assigneeId: userId }, { $set: { assigneeId: null, assignee: null } });
    await Issue.updateMany({ 'watchers.id': userId }, { $pull: { watchers: { id: userId } } });
    await Comment.updateMany({ userId }, { $set: { userId: GONE, userType: 'user' } });
    // Only the person's own mentions change, in place: one update, whatever else the comments hold.
    await Comment.updateMany(
      { 'mentions.id': userId },
      { $set: { 'mentions.$[m].id': GONE, 'mentions.$[m].name': DELETED_USER_NAME } },
      { arrayFilters: [{ 'm.id': userId }] },
    );
    await Activity.updateMany({ userId }, { $set: { userId: GONE, userType: 'user' } });
    await Activity.updateMany(
      { field: 'assigneeId', oldValue: userId },
      { $set: { oldValue: GONE } },
    );
    await Activity.updateMany(
      { field: 'assigneeId', newValue: userId },
      { $set: { newValue: GONE } },
    );
    await Blocker.updateMany({ createdBy: userId }, { $set: { createdBy: GONE } });
  }
}
