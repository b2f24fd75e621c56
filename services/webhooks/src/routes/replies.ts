import type { Actor } from '@momentum/contracts';
import type { DeliveryDoc, SubscriptionDoc } from '../store/models.js';
import { mayReadUrl } from '../usecases/access.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A subscription as `actor` sees it: never a secret, sealed or not; the URL if theirs to see. */
export const webhookView = (s: SubscriptionDoc, actor: Actor) => ({
  id: s._id,
  url: mayReadUrl(actor, s) ? s.url : null,
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
