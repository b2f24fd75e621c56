import { quotaExceeded } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';

/**
 * 409 QUOTA_EXCEEDED when the user has already created `limits.teamsPerUser` teams (teams are
 * never deleted, so the count is for good). One indexed count before the insert: creations
 * racing at the very same moment may pass it by the few that raced.
 */
export async function checkTeamQuota(
  { teams, limits }: Pick<IdentityDeps, 'teams' | 'limits'>,
  userId: string,
): Promise<void> {
  const limit = limits?.teamsPerUser;
  if (!limit) return;
  if ((await teams.countCreatedBy(userId)) >= limit) throw quotaExceeded('Teams per user', limit);
}
