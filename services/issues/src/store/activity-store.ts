import { withoutOutbox } from '@momentum/service-kit';
import type { ActivityDoc, ActivityEntry, IssuesModels } from './models.js';
import { addOnce, type TimelineStore } from './timeline-store.js';

export type NewActivity = Omit<ActivityDoc, '_id' | 'createdAt' | '_outbox'> & {
  _outbox?: ActivityDoc['_outbox'];
};

/** The append-only activity log; each entry also joins its issue's timeline. */
export class ActivityStore {
  constructor(
    private readonly m: IssuesModels,
    private readonly timelines: TimelineStore,
  ) {}

  /** Inserts entries in order; returns their ids (for flushing their outbox). */
  async append(entries: NewActivity[]): Promise<string[]> {
    if (!entries.length) return [];
    // One at a time so createdAt rises with the order the entries were given in.
    const created: ActivityEntry[] = [];
    for (const entry of entries) {
      const doc = await this.m.Activity.create({ ...entry, _outbox: entry._outbox ?? [] });
      created.push(withoutOutbox(doc.toObject<ActivityDoc>()));
    }
    for (const issueId of new Set(created.map((a) => a.issueId)))
      await this.timelines.change(issueId, (t) =>
        addOnce(
          t.activity,
          created.filter((a) => a.issueId === issueId),
        ),
      );
    return created.map((a) => a._id);
  }
}
