import { ALL_EVENTS, allowedEventsFor, type SubscriptionScope } from './catalogue.js';

/** The first value of `events` a scope does not allow, with what it allows; null when all are fine. */
export function unknownEvent(
  events: readonly string[],
  scope: SubscriptionScope,
): { value: string; allowed: string[] } | null {
  const allowed = allowedEventsFor(scope);
  const value = events.find((e) => !allowed.includes(e));
  return value === undefined ? null : { value, allowed };
}

/** Whether a subscription's `events` list takes this public type. */
export const wants = (events: readonly string[], type: string): boolean =>
  events.includes(ALL_EVENTS) || events.includes(type);

/**
 * Whether an event is new enough for a subscription: a subscription receives what happened
 * after it was created. A consumer replaying its stream (first start, catching up after
 * downtime) must not hand it older events. The grace absorbs clock skew between hosts.
 */
export const MATCH_GRACE_MS = 5000;
export const isAfterCreation = (occurredAt: string, createdAt: Date): boolean => {
  const at = Date.parse(occurredAt);
  return !Number.isNaN(at) && at >= createdAt.getTime() - MATCH_GRACE_MS;
};
