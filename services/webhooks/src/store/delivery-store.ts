import type { FilterQuery } from 'mongoose';
import { isDuplicateKey } from '@momentum/storage';
import type { DeliveryDoc, DeliveryState, WebhookModels } from './models.js';

export interface NewDelivery {
  subscriptionId: string;
  eventId: string;
  eventType: string;
  body: string;
  audience: DeliveryDoc['audience'];
}

/** What an attempt (or a decision not to attempt) leaves on the record. */
export interface Settlement {
  state: DeliveryState;
  nextAttemptAt: Date;
  lastResponseCode?: number | null;
  lastError?: string | null;
  lastAttemptAt?: Date;
  /** Whether a request went out (the attempt counters rise). */
  attempted: boolean;
}

const NEVER = new Date(0);
export const deliveryIdOf = (subscriptionId: string, eventId: string) =>
  `${subscriptionId}:${eventId}`;

/**
 * The delivery records, the truth about each delivery. A delivery is a fact that happens
 * once (its `_id` is subscription + event); an attempt is claimed by one conditional
 * update, and only the claim's holder (by its token) writes the attempt's result.
 */
export class DeliveryStore {
  constructor(private readonly m: WebhookModels) {}

  /** Creates the delivery, or answers the one that exists (a redelivered event). */
  async record(input: NewDelivery, now: Date): Promise<{ doc: DeliveryDoc; created: boolean }> {
    const _id = deliveryIdOf(input.subscriptionId, input.eventId);
    try {
      const doc = await this.m.Delivery.create({
        _id,
        ...input,
        state: 'pending',
        gen: 0,
        armedAt: now,
        nextAttemptAt: now,
        claimedUntil: NEVER,
      });
      return { doc: doc.toObject<DeliveryDoc>(), created: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const doc = await this.find(_id);
      if (!doc) throw err;
      return { doc, created: false };
    }
  }

  find(id: string) {
    return this.m.Delivery.findById(id).lean<DeliveryDoc>().exec();
  }

  /** One conditional update: only one process at a time attempts a delivery. */
  claim(id: string, now: Date, claimMs: number, token: string) {
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, state: 'pending', nextAttemptAt: { $lte: now }, claimedUntil: { $lt: now } },
      { $set: { claimedUntil: new Date(now.getTime() + claimMs), claimToken: token } },
      { new: true, timestamps: false },
    )
      .lean<DeliveryDoc>()
      .exec();
  }

  /** Writes a claimed delivery's result and frees the claim; null if the claim was lost. */
  settle(id: string, token: string, s: Settlement) {
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, claimToken: token },
      {
        $set: {
          state: s.state,
          nextAttemptAt: s.nextAttemptAt,
          claimedUntil: NEVER,
          claimToken: null,
          ...(s.lastResponseCode !== undefined ? { lastResponseCode: s.lastResponseCode } : {}),
          ...(s.lastError !== undefined ? { lastError: s.lastError } : {}),
          ...(s.lastAttemptAt ? { lastAttemptAt: s.lastAttemptAt } : {}),
        },
        ...(s.attempted ? { $inc: { attempts: 1, roundAttempts: 1 } } : {}),
      },
      { new: true },
    )
      .lean<DeliveryDoc>()
      .exec();
  }

  /** Arms a finished delivery again (redeliver), moving it from generation `from` to `to`. */
  arm(id: string, from: number, to: number, now: Date) {
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, gen: from, state: { $ne: 'pending' } },
      {
        $set: {
          state: 'pending',
          gen: to,
          armedAt: now,
          nextAttemptAt: now,
          roundAttempts: 0,
          claimedUntil: NEVER,
          claimToken: null,
        },
      },
      { new: true },
    )
      .lean<DeliveryDoc>()
      .exec();
  }

  /** A pending delivery waiting out its backoff is made due now (redeliver of a pending one). */
  async hurry(id: string, now: Date): Promise<void> {
    await this.m.Delivery.updateOne(
      { _id: id, state: 'pending' },
      { $set: { nextAttemptAt: now } },
    ).exec();
  }

  /** A subscription's delivery log, newest first (index subscriptionId[+state]+createdAt). */
  async page(
    subscriptionId: string,
    state: DeliveryState | undefined,
    page: number,
    perPage: number,
  ) {
    const filter: FilterQuery<DeliveryDoc> = { subscriptionId, ...(state ? { state } : {}) };
    const [docs, total] = await Promise.all([
      this.m.Delivery.find(filter, { body: 0 })
        .sort({ createdAt: -1 })
        .skip((page - 1) * perPage)
        .limit(perPage)
        .lean<DeliveryDoc[]>()
        .exec(),
      this.m.Delivery.countDocuments(filter).exec(),
    ]);
    return { docs, total };
  }

  /** Finished deliveries older than `before` leave the log. */
  async prune(before: Date): Promise<number> {
    const res = await this.m.Delivery.deleteMany({
      state: { $in: ['succeeded', 'failed', 'skipped'] },
      updatedAt: { $lt: before },
    }).exec();
    return res.deletedCount;
  }
}
