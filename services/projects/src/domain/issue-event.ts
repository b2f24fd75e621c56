import { IssueStatuses, type IssueState, type IssueStatus } from '@momentum/contracts';

/**
 * Where a deleted issue goes: a status no reply counts (`countsOf` and `tally` ignore
 * it), so deletion is one more versioned move and redelivery stays harmless.
 */
export const DELETED_STATUS = 'deleted' as IssueStatus;

/**
 * The part of an issue event the counts need, or null when the payload is not one we
 * can use (such an event is acknowledged and skipped: redelivering it cannot help).
 */
export function issueStateOf(data: unknown, deleted = false): IssueState | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.id !== 'string' || !d.id || typeof d.projectId !== 'string' || !d.projectId)
    return null;
  if (typeof d.status !== 'string' || !(IssueStatuses as readonly string[]).includes(d.status))
    return null;
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 0) return null;
  const status = deleted ? DELETED_STATUS : (d.status as IssueStatus);
  return { id: d.id, projectId: d.projectId, status, version: d.version };
}

/** The highest-version state of each issue among several (the others are already stale). */
export function newestPerIssue(states: readonly IssueState[]): Map<string, IssueState> {
  const newest = new Map<string, IssueState>();
  for (const s of states) {
    const seen = newest.get(s.id);
    if (!seen || seen.version < s.version) newest.set(s.id, s);
  }
  return newest;
}
