import { DELETED_USER_ID, DELETED_USER_NAME } from '@momentum/contracts';
import type { NotificationModels } from './models.js';

/** What notifications holds of one person: their inbox, and the notices others got of them. */
export class PersonalDataStore {
  constructor(private readonly m: NotificationModels) {}

  notifications(userId: string) {
    return this.m.Notification.find({ recipientId: userId }, { _outbox: 0, key: 0 })
      .sort({ createdAt: -1, _id: -1 })
      .lean()
      .cursor();
  }

  /**
   * Erases the person's inbox and names them "Deleted user" in others' inboxes where they
   * acted (idempotent).
   */
  async erase(userId: string): Promise<void> {
    await this.m.Notification.deleteMany({ recipientId: userId });
    await this.m.Notification.updateMany(
      { 'actor.id': userId },
      { $set: { actor: { type: 'user', id: DELETED_USER_ID, name: DELETED_USER_NAME } } },
    );
  }
}
