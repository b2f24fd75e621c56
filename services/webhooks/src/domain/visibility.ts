import type { SubscriptionScope } from './catalogue.js';

/**
 * Whether a subscriber may receive an event — decided again at delivery time, because
 * access can end between the event and the attempt. A personal subscription receives
 * what its owner owns. A team subscription receives the team's events only while its
 * owner (the user who created it) is still a member: a member who leaves stops receiving.
 */
export interface Subscriber {
  ownerId: string;
  teamId: string | null;
}

export interface EventAudience {
  userId: string | null;
  teamId: string | null;
}

export const scopeOfSubscription = (s: Pick<Subscriber, 'teamId'>): SubscriptionScope =>
  s.teamId ? 'team' : 'personal';

/** Whether the decision needs the owner's current teams (asked of identity). */
export const needsMembership = (s: Subscriber): boolean => s.teamId !== null;

export function mayReceive(
  subscriber: Subscriber,
  audience: EventAudience,
  ownerTeamIds: readonly string[],
): boolean {
  if (subscriber.teamId === null) return audience.userId === subscriber.ownerId;
  return audience.teamId === subscriber.teamId && ownerTeamIds.includes(subscriber.teamId);
}

/** The keys under which subscriptions wait for events: `user:<id>` and `team:<id>`. */
export const subscriptionKey = (s: Subscriber): string =>
  s.teamId ? `team:${s.teamId}` : `user:${s.ownerId}`;

/** The subscription keys an event reaches, given the scopes its type allows. */
export function eventKeys(audience: EventAudience, scopes: readonly SubscriptionScope[]): string[] {
  const keys: string[] = [];
  if (audience.userId && scopes.includes('personal')) keys.push(`user:${audience.userId}`);
  if (audience.teamId && scopes.includes('team')) keys.push(`team:${audience.teamId}`);
  return keys;
}
