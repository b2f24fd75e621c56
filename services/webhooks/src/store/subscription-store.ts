import { updateWithRevision } from '@momentum/storage';
import { subscriptionKey } from '../domain/visibility.js';
import { SubscriptionMatches } from './subscription-matches.js';
import type { SubscriptionDoc, WebhookModels } from './models.js';

export interface NewSubscription {
  ownerId: string;
  teamId: string | null;
  url: string;
  urlSetBy: string;
  keyId: string | null;
  keyExpiresAt: Date | null;
  events: string[];
  description: string | null;
  /** Sealed. */
  secret: string;
}

export type SubscriptionChange = Partial<
  Pick<
    SubscriptionDoc,
    'url' | 'urlSetBy' | 'keyId' | 'keyExpiresAt' | 'events' | 'description' | 'active'
  >
>;

export interface MatchCaching {
  /** How long the active subscriptions of a key are kept (0: read every time). */
  cacheMs: number;
  /** Tells the other replicas that a subscription changed (subscription-changes.ts). */
  announce: () => void;
}

/**
 * Subscriptions: each change is one atomic write of one document (docs/STORAGE.md). What
 * events match is served from a cache (subscription-matches.ts) that every change drops,
 * here and, through `announce`, in the other replicas.
 */
export class SubscriptionStore {
  private readonly matches: SubscriptionMatches;
  private readonly announce: () => void;

  constructor(
    private readonly m: WebhookModels,
    { cacheMs, announce }: MatchCaching = { cacheMs: 0, announce: () => undefined },
  ) {
    this.announce = announce;
    this.matches = new SubscriptionMatches(
      (keys) =>
        this.m.Subscription.find({ key: { $in: keys }, active: true })
          .lean<SubscriptionDoc[]>()
          .exec(),
      cacheMs,
    );
  }

  /** A subscription changed (a write here, or one that disabled it): drop what is kept. */
  changed(): void {
    this.matches.forgetAll();
    this.announce();
  }

  /** Another replica changed a subscription. */
  changedElsewhere(): void {
    this.matches.forgetAll();
  }

  async insert(input: NewSubscription): Promise<SubscriptionDoc> {
    const doc = await this.m.Subscription.create({ ...input, key: subscriptionKey(input) });
    this.changed();
    return doc.toObject<SubscriptionDoc>();
  }

  /** How many subscriptions a user created, and how many a team has (quotas). */
  countOwned(ownerId: string) {
    return this.m.Subscription.countDocuments({ ownerId }).exec();
  }
  countForTeam(teamId: string) {
    return this.m.Subscription.countDocuments({
      key: subscriptionKey({ ownerId: '', teamId }),
    }).exec();
  }

  find(id: string) {
    return this.m.Subscription.findById(id).lean<SubscriptionDoc>().exec();
  }

  /** A page of the subscriptions under these keys, newest first (index key+createdAt). */
  async page(keys: string[], page: number, perPage: number) {
    const filter = { key: { $in: keys } };
    const [docs, total] = await Promise.all([
      this.m.Subscription.find(filter)
        .sort({ createdAt: -1 })
        .skip((page - 1) * perPage)
        .limit(perPage)
        .lean<SubscriptionDoc[]>()
        .exec(),
      this.m.Subscription.countDocuments(filter).exec(),
    ]);
    return { docs, total };
  }

  /** The active subscriptions an event with these keys reaches. */
  matching(keys: string[]): Promise<SubscriptionDoc[]> {
    return this.matches.matching(keys);
  }

  /**
   * Fields set as given; resuming also clears the failure record, so a subscription that
   * was disabled starts with a clean slate.
   */
  async update(id: string, change: SubscriptionChange) {
    const resume =
      change.active === true
        ? { set: { disabledReason: null, disabledAt: null, failedDeliveries: 0 }, unset: true }
        : change.active === false
          ? { set: { disabledReason: null, disabledAt: null }, unset: false }
          : { set: {}, unset: false };
    const updated = await this.m.Subscription.findOneAndUpdate(
      { _id: id },
      {
        $set: { ...change, ...resume.set },
        $inc: { rev: 1 },
        ...(resume.unset ? { $unset: { failingSince: 1 } } : {}),
      },
      { new: true },
    )
      .lean<SubscriptionDoc>()
      .exec();
    this.changed();
    return updated;
  }

  /** The current secret becomes the previous one, so the revision guards what was read. */
  async rotate(id: string, sealedSecret: string, previousUntil: Date) {
    const written = await updateWithRevision<SubscriptionDoc, null>(
      this.m.Subscription,
      id,
      (doc) => ({
        update: {
          $set: {
            secret: sealedSecret,
            previousSecret: doc.secret,
            previousSecretExpiresAt: previousUntil,
          },
        },
        result: null,
      }),
    );
    this.changed();
    return written?.doc ?? null;
  }

  async remove(id: string): Promise<boolean> {
    const removed = (await this.m.Subscription.deleteOne({ _id: id }).exec()).deletedCount > 0;
    this.changed();
    return removed;
  }
}
