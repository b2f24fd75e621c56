import type { WebhookModels } from './models.js';

export interface DisablePolicy {
  /** Deliveries given up in a row… */
  failedDeliveries: number;
  /** …with no successful attempt for this long. */
  failingForMs: number;
}

/**
 * A subscription's failure record, kept by attempts: `failingSince` (the first failed
 * attempt since the last success) and `failedDeliveries` (given up since then). These are
 * bookkeeping, not changes of the resource, so `updatedAt` stays. Each is one atomic write;
 * disabling is one conditional write that a success in between makes miss.
 */
export class SubscriptionHealth {
  constructor(
    private readonly m: WebhookModels,
    private readonly policy: DisablePolicy,
    /** Told when a subscription was disabled (it matches no event from then on). */
    private readonly disabledOne: () => void = () => undefined,
  ) {}

  async succeeded(id: string): Promise<void> {
    await this.m.Subscription.updateOne(
      { _id: id, failingSince: { $exists: true } },
      { $set: { failedDeliveries: 0 }, $unset: { failingSince: 1 } },
      { timestamps: false },
    ).exec();
  }

  /** `$min` sets a missing field and otherwise keeps the earlier date. */
  async attemptFailed(id: string, at: Date): Promise<void> {
    await this.m.Subscription.updateOne(
      { _id: id },
      { $min: { failingSince: at } },
      { timestamps: false },
    ).exec();
  }

  /** Counts a delivery given up; answers whether this disabled the subscription. */
  async deliveryFailed(id: string, at: Date): Promise<boolean> {
    await this.m.Subscription.updateOne(
      { _id: id },
      { $inc: { failedDeliveries: 1 }, $min: { failingSince: at } },
      { timestamps: false },
    ).exec();
    const reason =
      `Deliveries kept failing: ${this.policy.failedDeliveries} or more given up in a row and ` +
      `no attempt succeeded for over ${Math.round(this.policy.failingForMs / 60_000)} min ` +
      `(last failure ${at.toISOString()}). Fix the endpoint, then PATCH active: true.`;
    const disabled = await this.m.Subscription.updateOne(
      {
        _id: id,
        active: true,
        failedDeliveries: { $gte: this.policy.failedDeliveries },
        failingSince: { $lte: new Date(at.getTime() - this.policy.failingForMs) },
      },
      { $set: { active: false, disabledAt: at, disabledReason: reason }, $inc: { rev: 1 } },
    ).exec();
    if (disabled.modifiedCount > 0) this.disabledOne();
    return disabled.modifiedCount > 0;
  }
}
