import { conflict, notFound, type Actor } from '@momentum/contracts';
import type { DeliveryDoc, DeliveryState } from '../store/models.js';
import type { WebhooksDeps } from '../deps.js';
import { manageableSubscription } from './access.js';

/**
 * Send a delivery again, now, with the same webhook-id and a fresh retry window. A finished
 * delivery is armed again, a pending one made due now: one conditional write either way, so
 * a crash leaves it armed or not, and two requests that read the same finished delivery arm
 * it once (the write is conditional on the generation read).
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
  const written =
    d.state === 'pending'
      ? await deps.deliveries.hurry(d._id, now)
      : await deps.deliveries.arm(d._id, d.gen, now);
  deps.scheduled();
  return written ?? (await deps.deliveries.find(d._id)) ?? d;
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
