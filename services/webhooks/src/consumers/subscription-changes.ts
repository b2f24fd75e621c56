import type { EventBus } from '@momentum/messaging';

/**
 * Plain NATS, not a stream: every replica hears it, and nothing is kept. Under `rpc.`, outside
 * the webhooks stream (`<prefix>.webhooks.>`, which carries its erasure confirmations).
 */
const changedSubject = (bus: EventBus) => `${bus.prefix}.rpc.webhooks.subscriptions.changed`;
const EMPTY = new TextEncoder().encode('{}');

/**
 * Tells every replica that a subscription changed, so each drops its cached matches. The
 * change is written by then: with NATS away the announcement is lost, not the request, and
 * the other replicas trust what they kept for WEBHOOKS_SUBSCRIPTION_CACHE_MS at most.
 */
export const announceSubscriptionChange = (bus: EventBus) => (): void => {
  try {
    bus.nc.publish(changedSubject(bus), EMPTY);
  } catch {
    /* a closed connection: see above */
  }
};

/** Calls `forget` (drop this replica's cached matches) whenever any replica changed a subscription. */
export function followSubscriptionChanges(bus: EventBus, forget: () => void): void {
  bus.subscribe(changedSubject(bus), forget);
}
