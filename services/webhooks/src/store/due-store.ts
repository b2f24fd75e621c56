import { isDuplicateKey } from '@momentum/storage';
import type { DueDoc, WebhookModels } from './models.js';

/**
 * The `due` collection: one small row per pending delivery (`_id` = the delivery's id,
 * `dueAt`, `gen`), inserted when a delivery is scheduled and deleted when it is done.
 *
 * Why: the scheduler asks "what is due now?" every second in every replica. On MongoDB an
 * index on the deliveries would answer that; on the local engine (FerretDB) any filter
 * but `{_id}` reads the whole collection in Go, and the delivery log grows without bound.
 * Here the scan covers pending work only, and every other read and write is by `_id`.
 *
 * A row is a hint, never the truth: the delivery record decides (store/delivery-store.ts).
 * A row whose delivery is no longer pending is deleted; the one failure that matters is
 * the other way round — a pending delivery without a row would never be attempted. So
 * every step that makes a delivery pending writes the row first (or is repeated until it
 * has: an event is acked only after both writes), and a row is deleted only up to the
 * generation its deleter saw: a redeliver raises `gen` in the row before the delivery, so
 * a deleter that saw the older delivery cannot remove the newer row.
 */
export class DueStore {
  constructor(private readonly m: WebhookModels) {}

  /** Upserts the row; `gen` never goes down. */
  async schedule(id: string, subscriptionId: string, dueAt: Date, gen: number): Promise<void> {
    const write = () =>
      this.m.Due.updateOne(
        { _id: id },
        { $set: { dueAt, subscriptionId }, $max: { gen } },
        { upsert: true, setDefaultsOnInsert: false },
      ).exec();
    // Two upserts of one new row may race; the loser's retry updates the winner's row.
    await write().catch((err) => (isDuplicateKey(err) ? write() : Promise.reject(err)));
  }

  /** Rows due at `now`, oldest first, leaving out subscriptions this process cannot take now. */
  due(now: Date, limit: number, skipSubscriptions: readonly string[]) {
    return this.m.Due.find({
      dueAt: { $lte: now },
      ...(skipSubscriptions.length ? { subscriptionId: { $nin: [...skipSubscriptions] } } : {}),
    })
      .sort({ dueAt: 1 })
      .limit(limit)
      .lean<DueDoc[]>()
      .exec();
  }

  async remove(id: string, uptoGen: number): Promise<void> {
    await this.m.Due.deleteOne({ _id: id, gen: { $lte: uptoGen } }).exec();
  }

  /** Moves a row's time, unless someone moved it since it was read. */
  async postpone(id: string, seenDueAt: Date, to: Date): Promise<void> {
    await this.m.Due.updateOne({ _id: id, dueAt: seenDueAt }, { $set: { dueAt: to } }).exec();
  }
}
