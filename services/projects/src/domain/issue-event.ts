import { IssueStatuses, type IssueState, type IssueStatus } from '@momentum/contracts';
import { COUNTS_ID_PREFIX } from './counts.js';

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
  if (typeof d.id !== 'string' || !d.id || d.id.startsWith(COUNTS_ID_PREFIX)) return null;
  if (typeof d.projectId !== 'string' || !d.projectId) return null;
  if (typeof d.status !== 'string' || !(IssueStatuses as readonly string[]).includes(d.status))
    return null;
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 0) return null;
  const status = deleted ? DELETED_STATUS : (d.status as IssueStatus);
  return { id: d.id, projectId: d.projectId, status, version: d.version };
}

/** How an issue event names the issue's move; `from` undefined: the event does not say. */
export interface IssueMove {
  state: IssueState;
  /** The counted status before the move (null: the issue is new); undefined when unknown. */
  from?: IssueStatus | null;
}

export type IssueEventKind = 'created' | 'updated' | 'deleted';

/**
 * The counted move an issue event makes: its state and, when the event says, the status it
 * moves from. `uncounted` for an update that changed neither status nor anything else the
 * counts follow (an issue never changes project): the read model has nothing to do, since
 * it keeps each issue's newest counted state and a later status change names its own
 * `previousStatus`. Null for a payload we cannot use.
 */
export function issueMoveOf(kind: IssueEventKind, data: unknown): IssueMove | 'uncounted' | null {
  const changed = (data as { changed?: unknown } | null)?.changed;
  if (kind === 'updated' && Array.isArray(changed) && !changed.includes('status'))
    return 'uncounted';
  const state = issueStateOf(data, kind === 'deleted');
  if (!state) return null;
  const d = data as { status: IssueStatus; previousStatus?: unknown };
  if (kind === 'created') return { state, from: null };
  if (kind === 'deleted') return { state, from: d.status };
  return isStatus(d.previousStatus) ? { state, from: d.previousStatus } : { state };
}

const isStatus = (s: unknown): s is IssueStatus =>
  typeof s === 'string' && (IssueStatuses as readonly string[]).includes(s);

/** The highest-version state of each issue among several (the others are already stale). */
export function newestPerIssue(states: readonly IssueState[]): Map<string, IssueState> {
  const newest = new Map<string, IssueState>();
  for (const s of states) {
    const seen = newest.get(s.id);
    if (!seen || seen.version < s.version) newest.set(s.id, s);
  }
  return newest;
}
