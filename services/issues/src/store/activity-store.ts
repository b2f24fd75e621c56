import type { ActivityDoc, IssuesModels } from './models.js';

export type NewActivity = Omit<ActivityDoc, '_id' | 'createdAt' | '_outbox'> & {
  _outbox?: ActivityDoc['_outbox'];
};

/** The append-only activity log. */
export class ActivityStore {
  constructor(private readonly m: IssuesModels) {}

  /** Inserts entries in order; returns their ids (for flushing their outbox). */
  async append(entries: NewActivity[]): Promise<string[]> {
    if (!entries.length) return [];
    // One at a time so createdAt rises with the order the entries were given in.
    const ids: string[] = [];
    for (const entry of entries)
      ids.push((await this.m.Activity.create({ ...entry, _outbox: entry._outbox ?? [] }))._id);
    return ids;
  }

  ofIssue(issueId: string) {
    return this.m.Activity.find({ issueId }, { _outbox: 0 })
      .sort({ createdAt: 1, _id: 1 })
      .limit(5000)
      .lean<ActivityDoc[]>();
  }
}
