import { updateWithRevision } from '@momentum/service-kit/storage';
import { subscriptionKey } from '../domain/visibility.js';
import type { SubscriptionDoc, WebhookModels } from './models.js';

export interface NewSubscription {
  ownerId: string;
  teamId: string | null;
  url: string;
  urlSetBy: string;
  events: string[];
  description: string | null;
  /** Sealed. */
  secret: string;
}

export type SubscriptionChange = Partial<
  Pick<SubscriptionDoc, 'url' | 'urlSetBy' | 'events' | 'description' | 'active'>
>;

/** Subscriptions: each change is one atomic write of one document (docs/STORAGE.md). */
export class SubscriptionStore {
  constructor(private readonly m: WebhookModels) {}

  async insert(input: NewSubscription): Promise<SubscriptionDoc> {
    const doc = await this.m.Subscription.create({ ...input, key: subscriptionKey(input) });
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
  matching(keys: string[]) {
    return this.m.Subscription.find({ key: { $in: keys }, active: true })
      .lean<SubscriptionDoc[]>()
      .exec();
  }

  /**
   * Fields set as given; resuming also clears the failure record, so a subscription that
   * was disabled starts with a clean slate.
   */
  update(id: string, change: SubscriptionChange) {
    const resume =
      change.active === true
        ? { set: { disabledReason: null, disabledAt: null, failedDeliveries: 0 }, unset: true }
        : change.active === false
          ? { set: { disabledReason: null, disabledAt: null }, unset: false }
          : { set: {}, unset: false };
    return this.m.Subscription.findOneAndUpdate(
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
    return written?.doc ?? null;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.m.Subscription.deleteOne({ _id: id }).exec()).deletedCount > 0;
  }
}
