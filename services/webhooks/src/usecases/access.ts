import { forbidden, notFound, type Actor } from '@momentum/contracts';
import { subscriptionKey } from '../domain/visibility.js';
import type { SubscriptionDoc } from '../store/models.js';
import type { SubscriptionStore } from '../store/subscription-store.js';

/**
 * Who manages subscriptions. Users only: a subscription holds a signing secret and sends
 * data out of Momentum, which an agent key must not be able to arrange (403, as for the
 * other management endpoints). A personal subscription is its creator's alone; a team
 * subscription is the team's, managed by any member. Anything else is 404: a caller learns
 * nothing of subscriptions that are not theirs.
 */
export function requireUser(actor: Actor): void {
  if (actor.type !== 'user') throw forbidden('Agents cannot manage webhooks');
}

export function mayManage(actor: Actor, s: Pick<SubscriptionDoc, 'ownerId' | 'teamId'>): boolean {
  return s.teamId === null ? s.ownerId === actor.id : actor.teamIds.includes(s.teamId);
}

export async function manageableSubscription(
  store: SubscriptionStore,
  actor: Actor,
  id: string,
): Promise<SubscriptionDoc> {
  requireUser(actor);
  const doc = await store.find(id);
  if (!doc || !mayManage(actor, doc)) throw notFound('Webhook');
  return doc;
}

/**
 * Where a subscription's data goes and what proves it is genuine (its URL, its signing
 * secret) is its creator's to change, or an admin's: a teammate who may manage a team
 * subscription cannot point it at their own server or take its secret (403).
 */
export function requireCreatorOrAdmin(
  actor: Actor,
  s: Pick<SubscriptionDoc, 'ownerId'>,
  what: string,
): void {
  if (actor.id !== s.ownerId && !actor.isAdmin)
    throw forbidden(`Only the webhook's creator or an admin can ${what}`);
}

/**
 * A target URL is often a capability (whoever has it can post to the receiver): shown to the
 * webhook's creator, to whoever last set it, and to admins, not to every team member.
 */
export const mayReadUrl = (actor: Actor, s: Pick<SubscriptionDoc, 'ownerId' | 'urlSetBy'>) =>
  actor.isAdmin || actor.id === s.ownerId || actor.id === s.urlSetBy;

/** The subscription keys a user's list covers: their own, and each of their teams'. */
export function listKeys(actor: Actor, teamId: string | undefined): string[] {
  requireUser(actor);
  if (teamId !== undefined) {
    if (!actor.teamIds.includes(teamId)) throw forbidden('You are not a member of this team');
    return [subscriptionKey({ ownerId: actor.id, teamId })];
  }
  return [null, ...actor.teamIds].map((t) => subscriptionKey({ ownerId: actor.id, teamId: t }));
}
