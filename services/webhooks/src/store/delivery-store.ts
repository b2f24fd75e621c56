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

/** What the scheduler reads of a due delivery. */
export type DueDelivery = Pick<DeliveryDoc, '_id' | 'subscriptionId'> & { dueAt: Date };

const NEVER = new Date(0);
export const deliveryIdOf = (subscriptionId: string, eventId: string) =>
  `${subscriptionId}:${eventId}`;

/**
 * The delivery records, the truth about each delivery. A delivery is a fact that happens
 * once (its `_id` is subscription + event); an attempt is claimed by one conditional
 * update, and only the claim's holder (by its token) writes the attempt's result.
 *
 * Every write that makes a delivery pending, claims it or frees it sets `dueAt` in that same
 * write, so the scheduler's query (`due`) finds it on the index and there is no second write
 * a crash could leave undone. `dueAt` only says when to look; whether an attempt may start is
 * the claim's own condition on `nextAttemptAt` and `claimedUntil`.
 */
export class DeliveryStore {
  /** `retentionMs`: how long a finished delivery stays in the log. */
  constructor(
    private readonly m: WebhookModels,
    private readonly retentionMs: number,
  ) {}

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
        dueAt: now,
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

  /**
   * Pending deliveries due at `now`, soonest first, leaving out the given subscriptions
   * (index state+dueAt+subscriptionId).
   */
  due(now: Date, limit: number, skipSubscriptions: readonly string[]) {
    return this.m.Delivery.find(
      {
        state: 'pending',
        dueAt: { $lte: now },
        ...(skipSubscriptions.length ? { subscriptionId: { $nin: [...skipSubscriptions] } } : {}),
      },
      { _id: 1, subscriptionId: 1, dueAt: 1 },
    )
      .sort({ dueAt: 1 })
      .limit(limit)
      .lean<DueDelivery[]>()
      .exec();
  }

  /**
   * One conditional update: only one process at a time attempts a delivery. `dueAt` moves to
   * the claim's end, so the scheduler looks again only if the holder never settles (it died).
   */
  claim(id: string, now: Date, claimMs: number, token: string) {
    const until = new Date(now.getTime() + claimMs);
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, state: 'pending', nextAttemptAt: { $lte: now }, claimedUntil: { $lt: now } },
      { $set: { claimedUntil: until, claimToken: token, dueAt: until } },
      { new: true, timestamps: false },
    )
      .lean<DeliveryDoc>()
      .exec();
  }

  /**
   * Writes a claimed delivery's result and frees the claim; null if the claim was lost. A
   * finished delivery gets the time it leaves the log.
   */
  settle(id: string, token: string, s: Settlement) {
    const finished = s.state !== 'pending';
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, claimToken: token },
      {
        $set: {
          state: s.state,
          ...(finished ? { expiresAt: new Date(Date.now() + this.retentionMs) } : {}),
          nextAttemptAt: s.nextAttemptAt,
          dueAt: s.nextAttemptAt,
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

  /** Arms a finished delivery again (redeliver), due now; once for the generation `gen` read. */
  arm(id: string, gen: number, now: Date) {
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, gen, state: { $ne: 'pending' } },
      {
        $set: {
          state: 'pending',
          gen: gen + 1,
          armedAt: now,
          nextAttemptAt: now,
          dueAt: now,
          roundAttempts: 0,
          claimedUntil: NEVER,
          claimToken: null,
        },
        $unset: { expiresAt: 1 },
      },
      { new: true },
    )
      .lean<DeliveryDoc>()
      .exec();
  }

  /**
   * A pending delivery waiting out its backoff is made due now (redeliver of a pending one).
   * One claimed is being attempted now: its result would overwrite the time, so it is left.
   */
  hurry(id: string, now: Date) {
    return this.m.Delivery.findOneAndUpdate(
      { _id: id, state: 'pending', claimedUntil: { $lt: now } },
      { $min: { nextAttemptAt: now, dueAt: now } },
      { new: true },
    )
      .lean<DeliveryDoc>()
      .exec();
  }

  /**
   * Moves a pending delivery's `dueAt` to `to`, unless it changed since `seen` was read. For
   * a `dueAt` behind its record, which only a process older than `dueAt` writes (scheduler.ts).
   */
  async postpone(seen: DeliveryDoc, to: Date): Promise<void> {
    await this.m.Delivery.updateOne(
      {
        _id: seen._id,
        state: 'pending',
        dueAt: seen.dueAt ?? null,
        nextAttemptAt: seen.nextAttemptAt,
        claimedUntil: seen.claimedUntil,
      },
      { $set: { dueAt: to } },
      { timestamps: false },
    ).exec();
  }

  /**
   * Dates up to `limit` pending deliveries that have no `dueAt` (written before it existed, or
   * by a process older than it during a rolling deploy) from their `nextAttemptAt`, unless
   * that changed since it was read. Answers how many it dated.
   */
  async backfillDueAt(limit: number): Promise<number> {
    const undated = await this.m.Delivery.find(
      { state: 'pending', dueAt: null },
      { _id: 1, nextAttemptAt: 1 },
    )
      .limit(limit)
      .lean<Pick<DeliveryDoc, '_id' | 'nextAttemptAt'>[]>()
      .exec();
    let dated = 0;
    for (const d of undated) {
      const res = await this.m.Delivery.updateOne(
        { _id: d._id, state: 'pending', dueAt: null, nextAttemptAt: d.nextAttemptAt },
        { $set: { dueAt: d.nextAttemptAt } },
        { timestamps: false },
      ).exec();
      dated += res.modifiedCount;
    }
    return dated;
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

  /**
   * Gives finished deliveries without `expiresAt` (finished before it existed) one, a
   * retention period from now: once, at start. Answers how many it dated.
   */
  async backfillExpiry(now: Date): Promise<number> {
    const res = await this.m.Delivery.updateMany(
      { state: { $in: FINISHED }, expiresAt: null },
      { $set: { expiresAt: new Date(now.getTime() + this.retentionMs) } },
      { timestamps: false },
    ).exec();
    return res.modifiedCount;
  }
}

const FINISHED: DeliveryState[] = ['succeeded', 'failed', 'skipped'];
