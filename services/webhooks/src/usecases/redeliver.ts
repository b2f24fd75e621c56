import { conflict, notFound, type Actor } from '@momentum/contracts';
import type { DeliveryDoc, DeliveryState } from '../store/models.js';
import type { WebhooksDeps } from '../deps.js';
import { manageableSubscription } from './access.js';

/**
 * Send a delivery again, now, with the same webhook-id and a fresh retry window. A finished
 * delivery is armed again: its due row is written first, at the next generation, then the
 * record moves to that generation — if this request dies between the two, the scheduler
 * finds the row and completes the arming (scheduler.ts, tidy). A pending one is made due now.
 */
export async function redeliver(
  deps: WebhooksDeps,
  actor: Actor,
  subscriptionId: string,
  deliveryId: string,
): Promise<DeliveryDoc> {
  const sub = await manageableSubscription(deps.subscriptions, actor, subscriptionId);
  const d = await deps.deliveries.find(deliveryId);
  if (!d || d.subscriptionId !== sub._id) throw notFound('Delivery');
  if (!sub.active)
    throw conflict('The webhook is not active; resume it (PATCH active: true) first');
  const now = new Date();
  if (d.state === 'pending') {
    await deps.deliveries.hurry(d._id, now);
    await deps.due.schedule(d._id, d.subscriptionId, now, d.gen);
  } else {
    await deps.due.schedule(d._id, d.subscriptionId, now, d.gen + 1);
    await deps.deliveries.arm(d._id, d.gen, d.gen + 1, now);
  }
  deps.scheduled();
  return (await deps.deliveries.find(d._id)) ?? d;
}

/** A webhook's delivery log, newest first, for a caller who may manage the webhook. */
export async function listDeliveries(
  deps: WebhooksDeps,
  actor: Actor,
  subscriptionId: string,
  query: { status?: DeliveryState; page: number; limit: number },
) {
  const sub = await manageableSubscription(deps.subscriptions, actor, subscriptionId);
  return deps.deliveries.page(sub._id, query.status, query.page, query.limit);
}
