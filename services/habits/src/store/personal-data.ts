import { DELETED_USER_ID } from '@momentum/contracts';
import type { HabitsModels } from './models.js';

const HIDDEN = { _outbox: 0, xpPending: 0, xpPendingSince: 0, xpApplied: 0, xpForgotten: 0 };

/**
 * What habits holds of one person: their profile, their tasks and the completions they made,
 * read for an export and erased for an account deletion.
 */
export class PersonalDataStore {
  constructor(private readonly m: HabitsModels) {}

  profile(userId: string) {
    return this.m.Profile.find({ _id: userId }, HIDDEN).lean().cursor();
  }

  tasks(userId: string) {
    return this.m.Task.find({ userId }, HIDDEN).sort({ createdAt: -1, _id: -1 }).lean().cursor();
  }

  completions(userId: string) {
    return this.m.Completion.find({ completedBy: userId }, { holder: 0, expiresAt: 0 })
      .lean()
      .cursor();
  }

  /**
   * Erases the person (idempotent): personal tasks go with every completion of them, and
   * the profile; a task shared with a team stays, owned by the deleted-user id, as do the
   * person's completions of others' team tasks.
   */
  async erase(userId: string): Promise<void> {
    const personal = await this.m.Task.find({ userId, teamId: null }, { _id: 1 }).lean();
    const ids = personal.map((t) => t._id);
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      await this.m.Completion.deleteMany({ taskId: { $in: batch } });
      await this.m.Task.deleteMany({ _id: { $in: batch } });
    }
    await this.m.Task.updateMany(
      { userId },
      { $set: { userId: DELETED_USER_ID, createdBy: DELETED_USER_ID } },
    );
    await this.m.Completion.updateMany(
      { completedBy: userId },
      { $set: { completedBy: DELETED_USER_ID } },
    );
    await this.m.Profile.deleteOne({ _id: userId });
  }
}
