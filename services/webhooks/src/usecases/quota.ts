import { quotaExceeded } from '@momentum/contracts';
import type { SubscriptionStore } from '../store/subscription-store.js';
import type { SubscriptionQuota } from '../deps.js';

/**
 * 409 QUOTA_EXCEEDED before a new subscription is stored, when its creator or its team is
 * at the limit. Counted, then inserted: processes creating at the very same moment may
 * pass the limit by the few that raced, which bounds the abuse all the same.
 */
export async function checkSubscriptionQuota(
  store: SubscriptionStore,
  quota: SubscriptionQuota,
  ownerId: string,
  teamId: string | null,
): Promise<void> {
  const [owned, team] = await Promise.all([
    store.countOwned(ownerId),
    teamId ? store.countForTeam(teamId) : Promise.resolve(0),
  ]);
  if (owned >= quota.perUser) throw quotaExceeded('Webhook subscriptions per user', quota.perUser);
  if (teamId && team >= quota.perTeam)
    throw quotaExceeded('Webhook subscriptions per team', quota.perTeam);
}
