import { hourlyQuota, quotaExceeded } from '@momentum/contracts';

const HOUR_MS = 3_600_000;
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
  const perHour = limits.keyMintsPerHour;
  if (!perHour) return;
  // Every key made in the hour counts, revoked or expired: one indexed count (userId, createdAt).
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = await keys.model
    .find({ userId, createdAt: { $gte: since } }, { createdAt: 1 })
    .sort({ createdAt: 1 })
    .limit(perHour)
    .lean<Array<{ createdAt: Date }>>();
  if (recent.length >= perHour)
    throw hourlyQuota(
      'API keys made per user',
      perHour,
      (recent[0]!.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000,
    );
}
