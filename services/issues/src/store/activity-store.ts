import type { mongo } from 'mongoose';
import { uuidv7 } from '@momentum/contracts';
import { takeOffPending, type PendingCarrier } from '@momentum/storage';
import type { ActivityDoc, ActivityEntry, IssuesModels } from './models.js';
import { CARRIED, CARRIED_SINCE } from './carried-fields.js';

export { CARRIED, CARRIED_SINCE, PENDING_ACTIVITY_INDEX } from './carried-fields.js';

/** An entry to record; `createdAt` when it must be the time of the write it records. */
export type NewActivity = Omit<ActivityDoc, '_id' | 'createdAt' | '_outbox'> & {
  createdAt?: Date;
};

/** The writes that carry activity. */
export type Carrier = 'issue' | 'comment' | 'blocker';

/**
 * Ids and times, given when the write is decided so entries made at one time keep the
 * order given (the ids rise in that order, uuidv7, and break the ties), and so recording
 * them again inserts nothing new: the id is the entry's identity.
 */
export function stamped(entries: NewActivity[], at = new Date()): ActivityEntry[] {
  return entries.map((e) => ({ ...e, _id: uuidv7(), createdAt: e.createdAt ?? at }));
}

/** The parts of a write's update that carry `entries` (merged into its `$push`, plus `$min`). */
export function carrying(entries: ActivityEntry[]) {
  if (!entries.length) return { push: {}, min: {} };
  const oldest = entries.reduce(
    (a, e) => (e.createdAt < a ? e.createdAt : a),
    entries[0]!.createdAt,
  );
  return { push: { [CARRIED]: { $each: entries } }, min: { [CARRIED_SINCE]: oldest } };
}

/**
 * The append-only activity log. Entries reach it from the write that carried them, right
 * after that write or, when its process died first, by the recovery: inserted by `_id`
 * with duplicates ignored, then taken off the carrier. Any step may be repeated, none
 * records an entry twice, and concurrent writers never lose each other's entries.
 */
export class ActivityStore {
  /** Entries waiting for the next batched insert (`insertBatched`), with their callers. */
  private queued: Array<{ entries: ActivityEntry[]; done: (err?: unknown) => void }> = [];
  private sending: Promise<void> | undefined;

  constructor(private readonly m: IssuesModels) {}

  /** The carrier's model; the reads and writes here touch only `_id` and the carried fields. */
  private carrierModel(kind: Carrier): IssuesModels['Issue'] {
    const model = { issue: this.m.Issue, comment: this.m.Comment, blocker: this.m.Blocker }[kind];
    return model as unknown as IssuesModels['Issue'];
  }

  /** Records the entries a write of `kind` document `id` carried, and takes them off it. */
  async record(kind: Carrier, id: string, entries: ActivityEntry[]): Promise<void> {
    if (!entries.length) return;
    await this.insertNew(entries);
    await this.settle(kind, id, entries);
  }

  /**
   * Inserts the entries into the log together with those of other writes asked for in the
   * same turn of the event loop or while an insert is out: under a burst, one `insert`
   * command serves many writes. Resolves once these are in the log; the carrier still holds
   * them (`settleWith` takes them off).
   */
  insertBatched(entries: ActivityEntry[]): Promise<void> {
    if (!entries.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queued.push({ entries, done: (err) => (err ? reject(err) : resolve()) });
      // At the end of this turn of the event loop, with the entries asked for in it.
      this.sending ??= new Promise((r) => setImmediate(r))
        .then(() => this.sendQueued())
        .finally(() => (this.sending = undefined));
    });
  }

  /** Until every batched insert asked for so far has settled (a process stopping). */
  async drain(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async sendQueued(): Promise<void> {
    while (this.queued.length) {
      const batch = this.queued.splice(0, 100);
      try {
        await this.insertNew(batch.flatMap((b) => b.entries));
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.done(err);
      }
    }
  }

  /**
   * The write that takes recorded entries off their carrier, as an update another write of
   * it joins (the outbox's pull): a `$pullAll` of these, which applies whatever else the
   * carrier holds (a write that depended on holding just these missed under a burst of
   * writes to one issue, and a batch with one miss cannot say which). The marker stays;
   * the recovery takes it off once the list is empty. `otherwise` is the same pull alone.
   */
  settleWith(kind: Carrier, id: string, entries: ActivityEntry[]) {
    const stored = this.carrierModel(kind)
      .collection as unknown as mongo.Collection<PendingCarrier>;
    // The list's name as a string key: the driver's types cannot follow it.
    const list: string = CARRIED;
    const update = { $pullAll: { [list]: entries } };
    return {
      filter: {},
      update,
      otherwise: async () => {
        await stored.updateOne({ _id: id }, update as mongo.UpdateFilter<PendingCarrier>);
      },
    };
  }

  /**
   * Records what writes older than `before` still carry (their process died between the
   * write and the log): one indexed query per carrier, oldest first. Answers how many
   * entries it recorded.
   */
  async recover(before: Date, limit = 200): Promise<number> {
    let recorded = 0;
    for (const kind of ['issue', 'comment', 'blocker'] as const) {
      const docs = await this.carrierModel(kind)
        .find({ [CARRIED_SINCE]: { $lt: before } }, { [CARRIED]: 1 })
        .sort({ [CARRIED_SINCE]: 1 })
        .limit(limit)
        .lean<Array<{ _id: string; _activity?: ActivityEntry[] }>>();
      for (const doc of docs) {
        const entries = doc[CARRIED] ?? [];
        if (entries.length) await this.insertNew(entries);
        await this.settle(kind, doc._id, entries);
        recorded += entries.length;
      }
    }
    return recorded;
  }

  /** Inserts the entries; those the log holds already (same `_id`) are left as they are. */
  private async insertNew(entries: ActivityEntry[]): Promise<void> {
    try {
      await this.m.Activity.db
        .collection<ActivityEntry>(this.m.Activity.collection.name)
        .insertMany(entries, { ordered: false });
    } catch (err) {
      const errors = (err as { writeErrors?: Array<{ code?: number }> | { code?: number } })
        .writeErrors;
      const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
      const duplicates = (err as { code?: number }).code === 11000 || list.length > 0;
      if (!duplicates || list.some((e) => e.code !== 11000)) throw err;
    }
  }

  /** Takes recorded entries off their carrier, and its marker when none is left. */
  private settle(kind: Carrier, id: string, entries: ActivityEntry[]): Promise<void> {
    const stored = this.carrierModel(kind)
      .collection as unknown as mongo.Collection<PendingCarrier>;
    return takeOffPending(stored, id, { list: CARRIED, since: CARRIED_SINCE }, entries);
  }
}
