import { FAMILY_READ_SCOPE as READ_SCOPE, missingScope, type ApiScope } from '@momentum/contracts';
import { ALL_EVENTS, CATALOGUE, type SubscriptionScope } from './catalogue.js';

/**
 * The read scopes a subscription to `events` needs: a webhook delivers what the API would
 * show, so a key limited to `webhooks:write` must not read issues through deliveries. `*`
 * is every type the subscription may receive.
 */
export function scopesForEvents(events: readonly string[], scope: SubscriptionScope): ApiScope[] {
  const entries = CATALOGUE.filter(
    (e) => e.scopes.includes(scope) && (events.includes(ALL_EVENTS) || events.includes(e.type)),
  );
  return [...new Set(entries.map((e) => READ_SCOPE[e.family]))];
}

/** 403 naming the first read scope the calling key lacks (a key with every scope passes). */
export function requireEventScopes(
  held: readonly string[] | null | undefined,
  events: readonly string[],
  scope: SubscriptionScope,
): void {
  if (!held) return;
  const lacking = scopesForEvents(events, scope).find((s) => !held.includes(s));
  if (lacking) throw missingScope(lacking, 'receiving these events');
}
