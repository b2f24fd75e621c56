import { quotaExceeded } from '@momentum/contracts';
import type { IssuesDeps } from '../deps.js';
import type { CountedKind } from '../store/account-counts.js';

const labels: Record<CountedKind, string> = {
  issues: 'Issues per creator',
  comments: 'Comments per author',
};

/**
 * Runs `write` (the insert of an issue or a comment) in a slot of the account's quota:
 * 409 QUOTA_EXCEEDED when the account (a user, or an agent for itself) already holds
 * `limits[kind]` live ones. The slot is taken before the write and given back if the write
 * fails; a process dying between the two leaves the account one slot short (the safe side).
 * No limit configured (0): the write alone.
 */
export async function withinQuota<T>(
  deps: Pick<IssuesDeps, 'counts' | 'limits'>,
  kind: CountedKind,
  accountId: string,
  write: () => Promise<T>,
): Promise<T> {
  const limit = deps.limits?.[kind];
  if (!limit) return write();
  if (!(await deps.counts.take(kind, accountId, limit))) throw quotaExceeded(labels[kind], limit);
  try {
    return await write();
  } catch (err) {
    await deps.counts.give(kind, accountId);
    throw err;
  }
}
