import { DELETED_USER_ID } from '@momentum/contracts';
import type { ProjectModels } from './models.js';

/**
 * What projects holds of one person: the projects they created or lead. Projects are team
 * content: an erasure keeps them, created by the deleted-user id and without a lead.
 */
export class PersonalDataStore {
  constructor(private readonly m: ProjectModels) {}

  projects(userId: string) {
    return this.m.Project.find({ $or: [{ createdBy: userId }, { leadId: userId }] }, { _outbox: 0 })
      .lean()
      .cursor();
  }

  async erase(userId: string): Promise<void> {
    await this.m.Project.updateMany(
      { createdBy: userId },
      { $set: { createdBy: DELETED_USER_ID } },
    );
    await this.m.Project.updateMany({ leadId: userId }, { $set: { leadId: null } });
  }
}
