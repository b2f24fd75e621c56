import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { baseSchemaOptions } from '@momentum/storage';

export interface SubscriptionDoc {
  _id: string;
  /** `user:<ownerId>` or `team:<teamId>`: the key events find their subscriptions by. */
  key: string;
  /** The user who created it; a team subscription delivers while they are a member. */
  ownerId: string;
  teamId: string | null;
  url: string;
  /**
   * Who last set the URL (the creator, or an admin); deliveries go out while they may see
   * the event. Absent on subscriptions made before it was recorded: the owner, then.
   */
  urlSetBy?: string;
  /**
   * The key that set the URL (created the subscription, or redirected it) and when that key
   * expires: deliveries stop once it has expired or been revoked. Absent or null on
   * subscriptions made without a key id (before it was recorded, or by the system).
   */
  keyId?: string | null;
  keyExpiresAt?: Date | null;
  events: string[];
  description: string | null;
  active: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  /** Signing secrets, sealed (store/secret-box.ts). */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** First failed attempt since the last success; absent while healthy. */
  failingSince?: Date | null;
  /** Deliveries given up since the last successful attempt. */
  failedDeliveries: number;
  rev: number;
  createdAt: Date;
  updatedAt: Date;
}

export type DeliveryState = 'pending' | 'succeeded' | 'failed' | 'skipped';

export interface DeliveryDoc {
  /** `<subscriptionId>:<eventId>`: one delivery per event and subscription, ever. */
  _id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  /** The exact bytes sent on every attempt. */
  body: string;
  /** Whom the event concerns, for the access check at delivery time. */
  audience: { userId: string | null; teamId: string | null };
  state: DeliveryState;
  /** Rises each time the delivery is armed again by hand: a redeliver arms the one it read. */
  gen: number;
  attempts: number;
  /** Attempts since it was last armed; the backoff counts these. */
  roundAttempts: number;
  armedAt: Date;
  nextAttemptAt: Date;
  claimedUntil: Date;
  claimToken: string | null;
  /**
   * While pending, when the scheduler should look at it next: `nextAttemptAt`, or while
   * claimed the claim's end. Set in the write that changes either (store/delivery-store.ts).
   * Absent on deliveries written before it existed, until the scheduler's backfill dates them.
   */
  dueAt?: Date;
  /**
   * Once finished, when it leaves the log (its TTL index deletes it then); a redeliver
   * clears it. Absent on deliveries finished before it existed, until the start's backfill.
   */
  expiresAt?: Date;
  lastResponseCode: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Project → team, from project events and lookups (a project never changes team). */
export interface ProjectTeamDoc {
  _id: string;
  teamId: string;
}

const nullableString = { type: String, default: null };
const nullableDate = { type: Date, default: null };

export function webhookModels(db: Connection) {
  const subscriptions = new Schema<SubscriptionDoc>(
    {
      _id: { type: String, default: () => randomUUID() },
      key: { type: String, required: true },
      ownerId: { type: String, required: true },
      teamId: nullableString,
      url: { type: String, required: true },
      urlSetBy: { type: String },
      keyId: nullableString,
      keyExpiresAt: nullableDate,
      events: { type: [String], required: true },
      description: nullableString,
      active: { type: Boolean, default: true },
      disabledReason: nullableString,
      disabledAt: nullableDate,
      secret: { type: String, required: true },
      previousSecret: nullableString,
      previousSecretExpiresAt: nullableDate,
      failingSince: { type: Date },
      failedDeliveries: { type: Number, default: 0 },
      rev: { type: Number, default: 0 },
    },
    baseSchemaOptions,
  );
  // The list (`key $in …`, newest first) and the matching of each event (`key $in …`).
  subscriptions.index({ key: 1, createdAt: -1 });
  // The per-user quota counts a creator's subscriptions (its team's are counted by `key`).
  subscriptions.index({ ownerId: 1 });

  const deliveries = new Schema<DeliveryDoc>(
    {
      _id: { type: String, required: true },
      subscriptionId: { type: String, required: true },
      eventId: { type: String, required: true },
      eventType: { type: String, required: true },
      body: { type: String, required: true },
      audience: {
        type: new Schema(
          { userId: nullableString, teamId: nullableString },
          { _id: false, id: false },
        ),
        required: true,
      },
      state: { type: String, required: true },
      gen: { type: Number, default: 0 },
      attempts: { type: Number, default: 0 },
      roundAttempts: { type: Number, default: 0 },
      armedAt: { type: Date, required: true },
      nextAttemptAt: { type: Date, required: true },
      claimedUntil: { type: Date, default: () => new Date(0) },
      claimToken: nullableString,
      dueAt: { type: Date },
      expiresAt: { type: Date },
      lastResponseCode: { type: Number, default: null },
      lastError: nullableString,
      lastAttemptAt: nullableDate,
    },
    baseSchemaOptions,
  );
  // The delivery log of a subscription, newest first, with and without a status filter.
  deliveries.index({ subscriptionId: 1, createdAt: -1 });
  deliveries.index({ subscriptionId: 1, state: 1, createdAt: -1 });
  // Retention: the engine deletes a finished delivery once its `expiresAt` has passed.
  deliveries.index({ expiresAt: 1 }, { name: 'expiry', expireAfterSeconds: 0 });
  // The scheduler: pending deliveries by due time, saturated subscriptions skipped in the index.
  deliveries.index({ state: 1, dueAt: 1, subscriptionId: 1 });

  const projectTeams = new Schema<ProjectTeamDoc>(
    { _id: { type: String, required: true }, teamId: { type: String, required: true } },
    { versionKey: false, id: false },
  );

  return {
    Subscription: db.model<SubscriptionDoc>('Subscription', subscriptions, 'subscriptions'),
    Delivery: db.model<DeliveryDoc>('Delivery', deliveries, 'deliveries'),
    ProjectTeam: db.model<ProjectTeamDoc>('ProjectTeam', projectTeams, 'project_teams'),
  };
}
export type WebhookModels = ReturnType<typeof webhookModels>;
