import type { DeliveryDoc, SubscriptionDoc } from '../store/models.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A subscription as clients see it: never a secret, sealed or not. */
export const webhookView = (s: SubscriptionDoc) => ({
  id: s._id,
  url: s.url,
  events: s.events,
  teamId: s.teamId,
  description: s.description,
  active: s.active,
  disabledReason: s.disabledReason,
  disabledAt: iso(s.disabledAt),
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

/** A delivery log entry: state and attempts, never the payload (access may have ended). */
export const deliveryView = (d: DeliveryDoc) => ({
  id: d._id,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.state,
  attempts: d.attempts,
  lastResponseCode: d.lastResponseCode,
  lastError: d.lastError,
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
  createdAt: d.createdAt.toISOString(),
});
