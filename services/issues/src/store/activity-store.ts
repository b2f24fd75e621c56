import { uuidv7 } from '../domain/ids.js';
import type { ActivityDoc, ActivityEntry, IssuesModels } from './models.js';
import type { TimelineStore } from './timeline-store.js';

/** An entry to record; `createdAt` when it must be the time of the write it records. */
export type NewActivity = Omit<ActivityDoc, '_id' | 'createdAt' | '_outbox'> & {
  createdAt?: Date;
};

/**
 * The append-only activity log: each call inserts its own entries in one write, so
 * concurrent writers never lose each other's. On the local engine each entry also joins
 * its issue's timeline (`timelines` given).
 */
export class ActivityStore {
  constructor(
    private readonly m: IssuesModels,
    private readonly timelines: TimelineStore | null,
  ) {}

  async append(entries: NewActivity[]): Promise<void> {
    if (!entries.length) return;
    const docs = stamped(entries);
    await Promise.all([
      this.m.Activity.insertMany(docs),
      ...[...new Set(docs.map((d) => d.issueId))].map((issueId) =>
        this.timelines?.addActivity(
          issueId,
          docs.filter((d) => d.issueId === issueId),
        ),
      ),
    ]);
  }

  /** The first entry of a new issue, which also opens its timeline on the local engine. */
  async first(entry: NewActivity): Promise<void> {
    const docs = stamped([entry]);
    await Promise.all([
      this.m.Activity.insertMany(docs),
      this.timelines?.open(entry.issueId, docs),
    ]);
  }
}

/**
 * Ids and times, given here so the timeline gets the entries as stored. The ids rise in
 * the order given (uuidv7) and break the ties of entries made at one time.
 */
function stamped(entries: NewActivity[]): ActivityEntry[] {
  const now = new Date();
  return entries.map((e) => ({ ...e, _id: uuidv7(), createdAt: e.createdAt ?? now }));
}
