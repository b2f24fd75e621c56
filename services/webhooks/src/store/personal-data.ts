import type { WebhookModels } from './models.js';

/** Never exported: the signing secrets (sealed or not). */
const EXPORTED = { secret: 0, previousSecret: 0 } as const;

/** What webhooks holds of one person: the subscriptions they made, and their delivery logs. */
export class PersonalDataStore {
  constructor(
    private readonly m: WebhookModels,
    /** Drops cached subscription matches here and in every replica. */
    private readonly changed: () => void,
  ) {}

  subscriptions(userId: string) {
    return this.m.Subscription.find({ ownerId: userId }, EXPORTED).lean().cursor();
  }

  /**
   * Erases the person's subscriptions (personal and the team ones they made) with their
   * deliveries (idempotent). A team subscription made by someone else keeps its log.
   */
  async erase(userId: string): Promise<void> {
    const owned = await this.m.Subscription.find({ ownerId: userId }, { _id: 1 }).lean();
    if (!owned.length) return;
    for (const { _id } of owned) await this.m.Delivery.deleteMany({ subscriptionId: _id });
    await this.m.Subscription.deleteMany({ ownerId: userId });
    this.changed();
  }
}
