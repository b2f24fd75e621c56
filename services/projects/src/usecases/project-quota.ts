import { quotaExceeded } from '@momentum/contracts';
import type { ProjectsDeps } from '../deps.js';

/**
 * 409 QUOTA_EXCEEDED when the account (a user, or an agent for itself) has already created
 * `limits.projectsPerCreator` projects (projects are never deleted, so the count is for good).
 * One indexed count before the insert: creations racing at the very same moment may pass it
 * by the few that raced.
 */
export async function checkProjectQuota(
  { store, limits }: Pick<ProjectsDeps, 'store' | 'limits'>,
  actorId: string,
): Promise<void> {
  if (!limits) return;
  if ((await store.countCreatedBy(actorId)) >= limits.projectsPerCreator)
    throw quotaExceeded('Projects per creator', limits.projectsPerCreator);
}
