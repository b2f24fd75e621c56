import { quotaExceeded } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';

/**
 * 409 QUOTA_EXCEEDED when the user already holds `limits.keysPerUser` usable keys (not
 * revoked, not expired): each key is its own rate-limit bucket, so unbounded keys would
 * multiply a user's rate limit. Counted before the insert: creations racing at the very
 * same moment may pass it by the few that raced.
 */
export async function checkKeyQuota(
  { keys, limits }: Pick<IdentityDeps, 'keys' | 'limits'>,
  userId: string,
  now = new Date(),
): Promise<void> {
  if (!limits) return;
  const held = await keys.model.countDocuments({
    userId,
    revokedAt: null,
    $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
  });
  if (held >= limits.keysPerUser) throw quotaExceeded('API keys per user', limits.keysPerUser);
}
