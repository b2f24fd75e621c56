import type { Logger } from '@momentum/messaging';
import type { WebhooksConfig } from '../config.js';
import type { MembershipSource } from '../clients/membership.js';
import type { Resolve } from '../clients/resolver.js';
import type { DeliveryStore } from '../store/delivery-store.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SubscriptionHealth } from '../store/subscription-health.js';
import type { SubscriptionStore } from '../store/subscription-store.js';
import { attemptDelivery } from './attempt.js';
import { SubscriptionLimits } from './limits.js';
import { DeliveryScheduler } from './scheduler.js';
import { WebhookSender } from './sender.js';

export interface PipelineParts {
  subscriptions: SubscriptionStore;
  health: SubscriptionHealth;
  deliveries: DeliveryStore;
  secrets: SecretBox;
  membership: MembershipSource;
  resolve: Resolve;
  log: Logger;
}

/** A claim outlives the attempt's own deadline by this much (access check, result write). */
const CLAIM_MARGIN_MS = 30_000;

/** The sending side of the service, configured: sender, limits, scheduler. */
export function deliveryPipeline(config: WebhooksConfig, parts: PipelineParts) {
  const sender = new WebhookSender({
    timeoutMs: config.WEBHOOKS_ATTEMPT_TIMEOUT_MS,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
    resolve: parts.resolve,
  });
  const policy = {
    baseMs: config.WEBHOOKS_RETRY_BASE_MS,
    maxDelayMs: config.WEBHOOKS_RETRY_MAX_DELAY_MS,
    windowMs: config.WEBHOOKS_RETRY_WINDOW_MS,
  };
  const scheduler = new DeliveryScheduler(
    {
      deliveries: parts.deliveries,
      limits: new SubscriptionLimits({
        concurrency: config.WEBHOOKS_SUBSCRIPTION_CONCURRENCY,
        ratePerSecond: config.WEBHOOKS_SUBSCRIPTION_RATE_PER_SECOND,
      }),
      attempt: (claimed) => attemptDelivery({ ...parts, sender, policy }, claimed),
      log: parts.log,
    },
    {
      intervalMs: config.WEBHOOKS_SCHEDULER_INTERVAL_MS,
      concurrency: config.WEBHOOKS_CONCURRENCY,
      claimMs: config.WEBHOOKS_ATTEMPT_TIMEOUT_MS + CLAIM_MARGIN_MS,
    },
  );
  return {
    /** Wakes the scheduler: work may be waiting. */
    kick: () => scheduler.kick(),
    start() {
      scheduler.start();
      void datePastDeliveries(parts);
    },
    /** Attempts in flight finish; then the sender's connections close. */
    async stop() {
      await scheduler.stop();
      await sender.close();
    },
  };
}

/**
 * Deliveries finished before they carried `expiresAt` get one, so the TTL index deletes them
 * too (in the background, once a start: every later finish sets it).
 */
async function datePastDeliveries(parts: Pick<PipelineParts, 'deliveries' | 'log'>) {
  try {
    const dated = await parts.deliveries.backfillExpiry(new Date());
    if (dated) parts.log.info({ dated }, 'finished deliveries given an expiry');
  } catch (err) {
    parts.log.warn({ err }, 'dating finished deliveries failed; the next start retries');
  }
}
