import { uuidv7 } from '../domain/ids.js';
import type { ActivityDoc, ActivityEntry, IssuesModels } from './models.js';

/** An entry to record; `createdAt` when it must be the time of the write it records. */
export type NewActivity = Omit<ActivityDoc, '_id' | 'createdAt' | '_outbox'> & {
  createdAt?: Date;
};

/**
 * The append-only activity log: each call inserts its own entries in one write, so
 * concurrent writers never lose each other's.
 */
export class ActivityStore {
  constructor(private readonly m: IssuesModels) {}

  async append(entries: NewActivity[]): Promise<void> {
    if (!entries.length) return;
    await this.m.Activity.insertMany(stamped(entries));
  }
}

/**
 * Ids and times, given here so entries made at one time keep the order given: the ids
 * rise in that order (uuidv7) and break the ties.
 */
function stamped(entries: NewActivity[]): ActivityEntry[] {
  const now = new Date();
  return entries.map((e) => ({ ...e, _id: uuidv7(), createdAt: e.createdAt ?? now }));
}
