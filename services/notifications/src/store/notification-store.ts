import type { ListPosition } from '@momentum/contracts';
import { isDuplicateKey, keysetSteps, readAfter } from '@momentum/storage';
import type { NotificationDoc, NotificationModels } from './models.js';

const hidden = { _outbox: 0, key: 0, expiresAt: 0 } as const;
const NEWEST = { createdAt: -1, _id: -1 } as const;

/**
 * One recipient's inbox. Every query names the recipient (the caller's own id), so no
 * inbox can be read or changed but its owner's.
 */
export class NotificationStore {
  constructor(private readonly m: NotificationModels) {}

  /**
   * Stores a notification with its event in `_outbox` (one insert); false when its key is
   * stored already (a redelivered event), which publishes nothing new.
   */
  async insert(doc: NotificationDoc): Promise<boolean> {
    try {
      await this.m.Notification.create(doc);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** A page of the inbox, newest first, after a position; `limit + 1` read to know if more follow. */
  async page(
    recipientId: string,
    q: { unread: boolean; limit: number; after?: ListPosition | undefined },
  ): Promise<NotificationDoc[]> {
    const where = { recipientId, ...(q.unread ? { read: false } : {}) };
    const read = (step: Record<string, unknown>, limit: number) =>
      this.m.Notification.find({ ...where, ...step }, hidden)
        .sort(NEWEST)
        .limit(limit)
        .lean<NotificationDoc[]>()
        .exec();
    if (!q.after) return read({}, q.limit + 1);
    return readAfter(keysetSteps('createdAt', -1, q.after), q.limit + 1, read);
  }

  /** Marks some (by id) or all of the inbox read; answers how many were unread. */
  async markRead(recipientId: string, ids: readonly string[] | 'all'): Promise<number> {
    const filter = {
      recipientId,
      read: false,
      ...(ids === 'all' ? {} : { _id: { $in: [...ids] } }),
    };
    const done = await this.m.Notification.updateMany(filter, { $set: { read: true } });
    return done.modifiedCount;
  }

  /** How many the list holds, counted no further than `max`. */
  count(recipientId: string, unread: boolean, max: number): Promise<number> {
    const where = { recipientId, ...(unread ? { read: false } : {}) };
    return this.m.Notification.countDocuments(where, { limit: max }).exec();
  }

  unreadCount(recipientId: string): Promise<number> {
    return this.m.Notification.countDocuments({ recipientId, read: false }).exec();
  }

  /**
   * Keeps an inbox at `cap` at most: the unread are kept before the read, the newer before
   * the older, and whatever falls beyond `cap` in that order goes (so the oldest read go
   * first, then the oldest unread). The victims come from one read of that order, so two
   * trims running at once (two notifications for one person) each remove what lies beyond
   * the cap in what they read, and together never more.
   */
  async trim(recipientId: string, cap: number): Promise<number> {
    const held = await this.m.Notification.countDocuments({ recipientId }, { limit: cap + 1 });
    if (held <= cap) return 0;
    const beyond = await this.m.Notification.find({ recipientId }, { _id: 1 })
      .sort({ read: 1, createdAt: -1, _id: -1 })
      .skip(cap)
      .limit(1000)
      .lean<Array<{ _id: string }>>();
    if (!beyond.length) return 0;
    const done = await this.m.Notification.deleteMany({
      recipientId,
      _id: { $in: beyond.map((d) => d._id) },
    });
    return done.deletedCount;
  }
}
