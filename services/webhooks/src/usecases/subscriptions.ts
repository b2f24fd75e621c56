import { forbidden, notFound, validationError, type Actor } from '@momentum/contracts';
import type { SubscriptionScope } from '../domain/catalogue.js';
import { unknownEvent } from '../domain/event-filter.js';
import { requireEventScopes } from '../domain/event-scopes.js';
import { generateSecret } from '../domain/signature.js';
import { checkTargetUrl } from '../domain/target-url.js';
import { scopeOfSubscription } from '../domain/visibility.js';
import type { SubscriptionDoc } from '../store/models.js';
import type { WebhooksDeps } from '../deps.js';
import { listKeys, manageableSubscription, requireCreatorOrAdmin, requireUser } from './access.js';
import { checkSubscriptionQuota } from './quota.js';

/** What a client may send to create a subscription (the route's body schema). */
export interface NewSubscription {
  url: string;
  events: string[];
  teamId?: string;
  description?: string | null;
}

/** What a client may change of a subscription (the route's body schema). */
export interface SubscriptionChanges {
  url?: string;
  events?: string[];
  description?: string | null;
  active?: boolean;
}

/** The key acting (the gateway names it on the actor): deliveries stop when it ends. */
const keyOf = (actor: Actor) => ({
  keyId: actor.keyId ?? null,
  keyExpiresAt: actor.keyExpiresAt ? new Date(actor.keyExpiresAt) : null,
});

/** A new subscription and its signing secret, which is shown this once. */
export async function createSubscription(
  deps: WebhooksDeps,
  actor: Actor,
  body: NewSubscription,
): Promise<{ doc: SubscriptionDoc; secret: string }> {
  requireUser(actor);
  const teamId = body.teamId ?? null;
  if (teamId && !actor.teamIds.includes(teamId))
    throw forbidden('Only members of the team can subscribe to its events');
  checkUrl(body.url, deps.allowPrivate);
  const events = checkEvents(body.events, scopeOfSubscription({ teamId }));
  requireEventScopes(actor.scopes, events, scopeOfSubscription({ teamId }));
  if (deps.quota) await checkSubscriptionQuota(deps.subscriptions, deps.quota, actor.id, teamId);
  const secret = generateSecret();
  const doc = await deps.subscriptions.insert({
    ownerId: actor.id,
    teamId,
    url: body.url,
    urlSetBy: actor.id,
    ...keyOf(actor),
    events,
    description: body.description ?? null,
    secret: deps.secrets.seal(secret),
  });
  return { doc, secret };
}

export async function updateSubscription(
  deps: WebhooksDeps,
  actor: Actor,
  id: string,
  body: SubscriptionChanges,
): Promise<SubscriptionDoc> {
  const current = await manageableSubscription(deps.subscriptions, actor, id);
  const newUrl = body.url !== undefined && body.url !== current.url;
  if (newUrl) requireCreatorOrAdmin(actor, current, 'change its URL');
  if (body.url !== undefined) checkUrl(body.url, deps.allowPrivate);
  const events =
    body.events !== undefined ? checkEvents(body.events, scopeOfSubscription(current)) : undefined;
  if (events) requireEventScopes(actor.scopes, events, scopeOfSubscription(current));
  const change = {
    ...(newUrl ? { url: body.url, urlSetBy: actor.id, ...keyOf(actor) } : {}),
    ...(events ? { events } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
  if (!Object.keys(change).length) return current;
  const updated = await deps.subscriptions.update(id, change);
  if (!updated) throw notFound('Webhook');
  return updated;
}

/** A new secret, shown once; the old one keeps signing (second signature) for the grace period. */
export async function rotateSecret(
  deps: WebhooksDeps,
  actor: Actor,
  id: string,
): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
  requireCreatorOrAdmin(
    actor,
    await manageableSubscription(deps.subscriptions, actor, id),
    'rotate its secret',
  );
  const secret = generateSecret();
  const previousSecretExpiresAt = new Date(Date.now() + deps.rotationGraceMs);
  const rotated = await deps.subscriptions.rotate(
    id,
    deps.secrets.seal(secret),
    previousSecretExpiresAt,
  );
  if (!rotated) throw notFound('Webhook');
  return { secret, previousSecretExpiresAt };
}

export async function deleteSubscription(deps: WebhooksDeps, actor: Actor, id: string) {
  await manageableSubscription(deps.subscriptions, actor, id);
  if (!(await deps.subscriptions.remove(id))) throw notFound('Webhook');
}

function checkUrl(url: string, allowPrivate: boolean): void {
  const problem = checkTargetUrl(url, allowPrivate);
  if (problem)
    throw validationError(`url: ${problem.message}`, { field: 'url', rule: problem.rule });
}

/** The event list as stored (duplicates dropped), or 422 naming the first unknown type. */
function checkEvents(events: readonly string[], scope: SubscriptionScope): string[] {
  const unknown = unknownEvent(events, scope);
  if (unknown)
    throw validationError(
      `events: ${unknown.value} is not an event type a ${scope} webhook can receive`,
      {
        field: 'events',
        value: unknown.value,
        allowed: unknown.allowed,
      },
    );
  return [...new Set(events)];
}

/** The caller's webhooks (or a team's they belong to), a page of them. */
export function listSubscriptions(
  deps: WebhooksDeps,
  actor: Actor,
  query: { teamId?: string; page: number; limit: number },
) {
  return deps.subscriptions.page(listKeys(actor, query.teamId), query.page, query.limit);
}

/** One webhook the caller may manage. */
export const getSubscription = (deps: WebhooksDeps, actor: Actor, id: string) =>
  manageableSubscription(deps.subscriptions, actor, id);
