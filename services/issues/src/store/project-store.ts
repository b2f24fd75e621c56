import { isDuplicateKey } from '@momentum/storage';
import type { ProjectEventData, ProjectLookupReply } from '@momentum/contracts';
import type { IssuesModels, ProjectDoc } from './models.js';

/** The local project read model: team and key of every project issues may live in. */
export class ProjectStore {
  constructor(private readonly m: IssuesModels) {}

  find(id: string) {
    return this.m.Project.findById(id).lean<ProjectDoc>();
  }

  /**
   * Apply a project event unless a newer one was applied already: one conditional write
   * (the filter misses a document holding a newer event), so it holds whatever order, and
   * however often, processes apply events. Where there is no document the write inserts
   * one; if another process inserted it meanwhile, that insert hits the `_id`, and the
   * write is made again against the document now there — it may hold an older event.
   */
  async applyEvent(data: ProjectEventData, occurredAt: Date): Promise<void> {
    const filter = { _id: data.id, eventAt: { $lte: occurredAt } };
    const update = {
      $set: { teamId: data.teamId, key: data.key, name: data.name, eventAt: occurredAt },
    };
    try {
      await this.m.Project.updateOne(filter, update, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.m.Project.updateOne(filter, update);
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
