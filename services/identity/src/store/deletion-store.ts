import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';

/**
 * The record of one person's erasure: which services confirmed theirs. It outlives the
 * account (ids only, no name or email) as the proof that the erasure happened, until
 * `expiresAt` (DELETION_RECORD_DAYS after completion; a TTL index removes it).
 */
export interface DeletionDoc {
  _id: string;
  userId: string;
  /** Who asked: the person, or the admin who deleted them. */
  requestedBy: string;
  requestedAt: Date;
  /** The services that reported `<service>.user.erased`. */
  confirmed: string[];
  /** When the request was last published (the retry sweep re-publishes after a while). */
  publishedAt: Date;
  completedAt: Date | null;
  expiresAt: Date | null;
  _outbox?: EventEnvelope[];
}

export function deletionModel(db: Connection) {
  const deletions = new Schema<DeletionDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true },
      requestedBy: { type: String, required: true },
      requestedAt: { type: Date, required: true },
      confirmed: { type: [String], default: [] },
      publishedAt: { type: Date, required: true },
      completedAt: { type: Date, default: null },
      expiresAt: { type: Date, default: null },
      _outbox: { type: [Schema.Types.Mixed], default: undefined },
    },
    { ...baseSchemaOptions, timestamps: false },
  );
  // One erasure per person: a second request finds the first.
  deletions.index({ userId: 1 }, { unique: true });
  // The retry sweep: open erasures not published for a while.
  deletions.index({ completedAt: 1, publishedAt: 1 });
  deletions.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  return db.model<DeletionDoc>('UserDeletion', deletions, 'user_deletions');
}
export type DeletionModel = ReturnType<typeof deletionModel>;

const VISIBLE = { _outbox: 0 } as const;

export class DeletionStore {
  constructor(private readonly m: DeletionModel) {}

  get model() {
    return this.m;
  }

  findByUser(userId: string) {
    return this.m.findOne({ userId }, VISIBLE).lean<DeletionDoc>();
  }

  /** Which of these people asked to be deleted (pending or done). */
  async deletedAmong(userIds: readonly string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const held = await this.m
      .find({ userId: { $in: [...userIds] } }, { userId: 1 })
      .lean<{ userId: string }[]>();
    return held.map((d) => d.userId);
  }

  find(id: string) {
    return this.m.findById(id, VISIBLE).lean<DeletionDoc>();
  }

  /** The person's erasure: made with its request event, or the one already open. */
  async open(
    doc: Pick<DeletionDoc, '_id' | 'userId' | 'requestedBy' | 'requestedAt'>,
    event: EventEnvelope,
  ): Promise<{ deletion: DeletionDoc; created: boolean }> {
    try {
      await this.m.create({ ...doc, publishedAt: doc.requestedAt, _outbox: [event] });
      return { deletion: (await this.find(doc._id))!, created: true };
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      const held = await this.findByUser(doc.userId);
      if (!held) throw err;
      return { deletion: held, created: false };
    }
  }

  /** Adds a service's confirmation (idempotent); the record as it is after. */
  confirm(id: string, service: string) {
    return this.m
      .findOneAndUpdate(
        { _id: id },
        { $addToSet: { confirmed: service } },
        { new: true, projection: VISIBLE },
      )
      .lean<DeletionDoc>();
  }

  /** Marks it complete once, keeping it until `expiresAt`. */
  async complete(id: string, now: Date, expiresAt: Date): Promise<void> {
    await this.m.updateOne(
      { _id: id, completedAt: null },
      { $set: { completedAt: now, expiresAt } },
    );
  }

  /** Open erasures last published before `before`, oldest first. */
  due(before: Date, limit = 100) {
    return this.m
      .find({ completedAt: null, publishedAt: { $lt: before } }, VISIBLE)
      .sort({ publishedAt: 1 })
      .limit(limit)
      .lean<DeletionDoc[]>();
  }

  /**
   * Takes a due erasure for re-publishing, with the new request in the same conditional
   * write: of two identity processes sweeping at once, one does it.
   */
  async claim(id: string, before: Date, now: Date, event: EventEnvelope): Promise<boolean> {
    const res = await this.m.updateOne(
      { _id: id, completedAt: null, publishedAt: { $lt: before } },
      { $set: { publishedAt: now }, $push: { _outbox: event } },
    );
    return res.modifiedCount > 0;
  }
}
