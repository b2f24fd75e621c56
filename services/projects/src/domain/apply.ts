import type { IssueState, IssueStatus } from '@momentum/contracts';

/** An issue's stored row (`issue_states`). */
export interface StoredRow {
  projectId: string;
  status: IssueStatus;
  version: number;
}

export type Decision =
  /** The row belongs to another project: an issue never moves, so the event is bad. */
  | { kind: 'foreign' }
  /** The row is as new as the state already: nothing to write. */
  | { kind: 'stale' }
  /** Move the row from `from` (null: a new issue) to the state, counting the difference. */
  | { kind: 'move'; from: IssueStatus | null };

/** What one issue state does to the read model, judged from the issue's row as read. */
export function decide(state: IssueState, row: StoredRow | null): Decision {
  if (row && row.projectId !== state.projectId) return { kind: 'foreign' };
  if (row && row.version >= state.version) return { kind: 'stale' };
  return { kind: 'move', from: row?.status ?? null };
}
