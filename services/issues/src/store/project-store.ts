import { isDuplicateKey } from '@momentum/service-kit';
import type { ProjectEventData, ProjectLookupReply } from '@momentum/contracts';
import type { IssuesModels, ProjectDoc } from './models.js';

/** The local project read model: team and key of every project issues may live in. */
export class ProjectStore {
  constructor(private readonly m: IssuesModels) {}

  find(id: string) {
    return this.m.Project.findById(id).lean<ProjectDoc>();
  }

  /**
   * Apply a project event unless a newer one was applied already. The upsert's filter
   * misses a document holding a newer event, and the insert it then attempts hits the
   * `_id`: that duplicate means "stale", not failure.
   */
  async applyEvent(data: ProjectEventData, occurredAt: Date): Promise<void> {
    try {
      await this.m.Project.updateOne(
        { _id: data.id, eventAt: { $lte: occurredAt } },
        { $set: { teamId: data.teamId, key: data.key, name: data.name, eventAt: occurredAt } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Keep what a lookup answered; any later event replaces it (epoch timestamp). */
  async applyLookup(reply: NonNullable<ProjectLookupReply>): Promise<ProjectDoc> {
    const doc = {
      _id: reply.id,
      teamId: reply.teamId,
      key: reply.key,
      name: reply.name,
      eventAt: new Date(0),
    };
    try {
      await this.m.Project.updateOne({ _id: reply.id }, { $setOnInsert: doc }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return (await this.find(reply.id)) ?? doc;
  }
}
