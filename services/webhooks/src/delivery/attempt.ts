import type { Logger } from '@momentum/messaging';
import type { RetryPolicy } from '../domain/backoff.js';
import type { AttemptResult } from '../domain/outcome.js';
import { mayReceive, needsMembership } from '../domain/visibility.js';
import type { MembershipSource } from '../clients/membership.js';
import type { DeliveryStore, Settlement } from '../store/delivery-store.js';
import type { DeliveryDoc, SubscriptionDoc } from '../store/models.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SubscriptionHealth } from '../store/subscription-health.js';
import type { SubscriptionStore } from '../store/subscription-store.js';
import { messageHeaders } from './message-headers.js';
import { postponed, settleClaim, skipped } from './settle.js';
import { settlementOf } from './settlement.js';
import { signingSecrets } from './signing-secrets.js';

export interface Send {
  send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult>;
}

export interface AttemptDeps {
  subscriptions: SubscriptionStore;
  health: SubscriptionHealth;
  deliveries: DeliveryStore;
  membership: MembershipSource;
  sender: Send;
  secrets: SecretBox;
  policy: RetryPolicy;
  log: Logger;
}

/** When identity cannot say whether the subscriber may see the event: ask again soon. */
const ACCESS_UNKNOWN_RETRY_MS = 5000;

/**
 * One attempt of a delivery this process has claimed: is the subscription still active,
 * may its owner still see the event (asked now, not when the event came), then one POST,
 * and the result written under the claim.
 */
export async function attemptDelivery(deps: AttemptDeps, d: DeliveryDoc): Promise<void> {
  const token = d.claimToken;
  if (!token) return;
  const finish = (s: Settlement) => settleClaim(deps, d, token, s);

  const sub = await deps.subscriptions.find(d.subscriptionId);
  if (!sub) return void (await finish(skipped('the subscription was deleted')));
  if (!sub.active)
    return void (await finish(skipped(`the subscription is ${pausedOrDisabled(sub)}`)));
  const keyEnd = await keyEnded(deps, sub);
  if (keyEnd === 'unknown')
    return void (await finish(postponed(new Date(Date.now() + ACCESS_UNKNOWN_RETRY_MS))));
  if (keyEnd) return void (await finish(skipped(keyEnd)));
  const access = await mayStillReceive(deps, sub, d);
  if (access === 'unknown')
    return void (await finish(postponed(new Date(Date.now() + ACCESS_UNKNOWN_RETRY_MS))));
  if (!access) return void (await finish(skipped('the subscriber can no longer see this event')));

  const now = new Date();
  let secrets: string[];
  try {
    secrets = signingSecrets(deps.secrets, sub, now);
  } catch (err) {
    // Sealed under another key (WEBHOOKS_SECRET_KEY changed): no valid signature can be made.
    deps.log.error({ err, subscriptionId: sub._id }, 'signing secret cannot be opened');
    return void (await finish({
      state: 'failed',
      nextAttemptAt: now,
      lastError: 'signing secret unreadable',
      attempted: false,
    }));
  }
  const result = await deps.sender.send(
    sub.url,
    messageHeaders(d.eventId, d.body, secrets, now),
    d.body,
  );
  const at = new Date();
  const settlement = settlementOf(deps.policy, d, result, at);
  if (await finish(settlement)) await recordHealth(deps, sub, settlement, at);
}

/**
 * Why the key that set the subscription's URL no longer holds (the delivery log's reason),
 * null while it does, 'unknown' when identity cannot be asked. Expiry is known from the
 * subscription itself; a revocation from identity (the user's live keys, cached briefly).
 */
async function keyEnded(
  deps: AttemptDeps,
  sub: SubscriptionDoc,
): Promise<string | null | 'unknown'> {
  if (!sub.keyId) return null;
  if (sub.keyExpiresAt && sub.keyExpiresAt.getTime() <= Date.now())
    return 'the API key that created this webhook has expired';
  try {
    const live = await deps.membership.activeKeyIdsOf(sub.urlSetBy ?? sub.ownerId);
    return live.includes(sub.keyId) ? null : 'the API key that created this webhook was revoked';
  } catch (err) {
    deps.log.warn({ err, subscriptionId: sub._id }, 'key state unknown; delivery postponed');
    return 'unknown';
  }
}

/** Access as of now; 'unknown' when identity cannot be asked. */
async function mayStillReceive(
  deps: AttemptDeps,
  sub: SubscriptionDoc,
  d: DeliveryDoc,
): Promise<boolean | 'unknown'> {
  if (!needsMembership(sub)) return mayReceive(sub, d.audience, []);
  try {
    // Whoever set the URL receives the data: their membership decides, not the creator's.
    const receiver = sub.urlSetBy ?? sub.ownerId;
    return mayReceive(sub, d.audience, await deps.membership.teamIdsOf(receiver));
  } catch (err) {
    deps.log.warn({ err, deliveryId: d._id }, 'membership unknown; delivery postponed');
    return 'unknown';
  }
}

async function recordHealth(deps: AttemptDeps, sub: SubscriptionDoc, s: Settlement, at: Date) {
  // A healthy webhook (no failure since its last success, as read) needs no write.
  if (s.state === 'succeeded') return sub.failingSince ? deps.health.succeeded(sub._id) : undefined;
  if (s.state === 'pending') return deps.health.attemptFailed(sub._id, at);
  if (await deps.health.deliveryFailed(sub._id, at))
    deps.log.warn(
      { subscriptionId: sub._id },
      'webhook subscription disabled after repeated failures',
    );
}

const pausedOrDisabled = (sub: SubscriptionDoc) => (sub.disabledReason ? 'disabled' : 'paused');
