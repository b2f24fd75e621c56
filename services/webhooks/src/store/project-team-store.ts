import { isDuplicateKey } from '@momentum/storage';
import type { ProjectTeamDoc, WebhookModels } from './models.js';

/** Which team a project belongs to (fixed for the project's life), read and written by `_id`. */
export class ProjectTeamStore {
  constructor(private readonly m: WebhookModels) {}

  async teamOf(projectId: string): Promise<string | null> {
    const doc = await this.m.ProjectTeam.findById(projectId).lean<ProjectTeamDoc>().exec();
    return doc?.teamId ?? null;
  }

  async remember(projectId: string, teamId: string): Promise<void> {
    await this.m.ProjectTeam.updateOne({ _id: projectId }, { $set: { teamId } }, { upsert: true })
      .exec()
      // Two racing upserts of a new project: the other one stored the same team.
      .catch((err) => {
        if (!isDuplicateKey(err)) throw err;
      });
  }
}
