import { forbidden, notFound, validationError, type Actor } from '@momentum/contracts';
import type { SubscriptionScope } from '../domain/catalogue.js';
import { unknownEvent } from '../domain/event-filter.js';
import { requireEventScopes } from '../domain/event-scopes.js';
import { generateSecret } from '../domain/signature.js';
import { checkTargetUrl } from '../domain/target-url.js';
import { scopeOfSubscription } from '../domain/visibility.js';
import type { SubscriptionDoc } from '../store/models.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SubscriptionStore } from '../store/subscription-store.js';
import type { CreateWebhookBody, UpdateWebhookBody } from '../routes/schemas.js';
import { manageableSubscription, requireCreatorOrAdmin, requireUser } from './access.js';
import { checkSubscriptionQuota, type SubscriptionQuota } from './quota.js';

export interface SubscriptionDeps {
  store: SubscriptionStore;
  secrets: SecretBox;
  allowPrivate: boolean;
  rotationGraceMs: number;
  /** Subscriptions per user and per team (absent: no limit). */
  quota?: SubscriptionQuota;
}

/** A new subscription and its signing secret, which is shown this once. */
export async function createSubscription(
  deps: SubscriptionDeps,
  actor: Actor,
  body: CreateWebhookBody,
): Promise<{ doc: SubscriptionDoc; secret: string }> {
  requireUser(actor);
  const teamId = body.teamId ?? null;
  if (teamId && !actor.teamIds.includes(teamId))
    throw forbidden('Only members of the team can subscribe to its events');
  checkUrl(body.url, deps.allowPrivate);
  const events = checkEvents(body.events, scopeOfSubscription({ teamId }));
  requireEventScopes(actor.scopes, events, scopeOfSubscription({ teamId }));
  if (deps.quota) await checkSubscriptionQuota(deps.store, deps.quota, actor.id, teamId);
  const secret = generateSecret();
  const doc = await deps.store.insert({
    ownerId: actor.id,
    teamId,
    url: body.url,
    urlSetBy: actor.id,
    events,
    description: body.description ?? null,
    secret: deps.secrets.seal(secret),
  });
  return { doc, secret };
}

export async function updateSubscription(
  deps: SubscriptionDeps,
  actor: Actor,
  id: string,
  body: UpdateWebhookBody,
): Promise<SubscriptionDoc> {
  const current = await manageableSubscription(deps.store, actor, id);
  const newUrl = body.url !== undefined && body.url !== current.url;
  if (newUrl) requireCreatorOrAdmin(actor, current, 'change its URL');
  if (body.url !== undefined) checkUrl(body.url, deps.allowPrivate);
  const events =
    body.events !== undefined ? checkEvents(body.events, scopeOfSubscription(current)) : undefined;
  if (events) requireEventScopes(actor.scopes, events, scopeOfSubscription(current));
  const change = {
    ...(newUrl ? { url: body.url, urlSetBy: actor.id } : {}),
    ...(events ? { events } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
  if (!Object.keys(change).length) return current;
  const updated = await deps.store.update(id, change);
  if (!updated) throw notFound('Webhook');
  return updated;
}

/** A new secret, shown once; the old one keeps signing (second signature) for the grace period. */
export async function rotateSecret(
  deps: SubscriptionDeps,
  actor: Actor,
  id: string,
): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
  requireCreatorOrAdmin(
    actor,
    await manageableSubscription(deps.store, actor, id),
    'rotate its secret',
  );
  const secret = generateSecret();
  const previousSecretExpiresAt = new Date(Date.now() + deps.rotationGraceMs);
  const rotated = await deps.store.rotate(id, deps.secrets.seal(secret), previousSecretExpiresAt);
  if (!rotated) throw notFound('Webhook');
  return { secret, previousSecretExpiresAt };
}

export async function deleteSubscription(deps: SubscriptionDeps, actor: Actor, id: string) {
  await manageableSubscription(deps.store, actor, id);
  if (!(await deps.store.remove(id))) throw notFound('Webhook');
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
