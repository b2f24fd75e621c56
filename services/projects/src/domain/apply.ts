import type { IssueState, IssueStatus } from '@momentum/contracts';

/** An issue's stored row (`issue_states`). */
export interface StoredRow {
  projectId: string;
  status: IssueStatus;
  version: number;
}

/** A move counted in `project_counts` before its row was written (see store/models.ts). */
export interface Mark {
  v: number;
  s: IssueStatus;
}

export type Decision =
  /** The row belongs to another project: an issue never moves, so the event is bad. */
  | { kind: 'foreign' }
  /** Nothing to count; `repair` is a row a crash left unwritten after counting it. */
  | { kind: 'stale'; repair: IssueState | null }
  /** Count the move from `from` (null: a new issue) to the state's status. */
  | { kind: 'move'; from: IssueStatus | null };

/**
 * What one issue state does to the read model. The issue's current state is the newer
 * of its row and its mark, so a redelivery after a crash never counts a move twice and a
 * newer event moves on from what was counted.
 */
export function decide(state: IssueState, row: StoredRow | null, mark: Mark | undefined): Decision {
  if (row && row.projectId !== state.projectId) return { kind: 'foreign' };
  const markAhead = mark !== undefined && (!row || mark.v > row.version);
  const current = markAhead ? { status: mark.s, version: mark.v } : row;
  if (!current || current.version < state.version)
    return { kind: 'move', from: current?.status ?? null };
  const repair = markAhead
    ? { id: state.id, projectId: state.projectId, status: mark.s, version: mark.v }
    : null;
  return { kind: 'stale', repair };
}

/**
 * The marks whose issue's row has caught up (a version at least the mark's): they say
 * nothing the row does not, so they may go. `rowVersions` holds the rows found.
 */
export function settledMarks(
  marks: Readonly<Record<string, Mark>>,
  rowVersions: ReadonlyMap<string, number>,
): Array<[string, Mark]> {
  return Object.entries(marks).filter(([id, mark]) => (rowVersions.get(id) ?? -1) >= mark.v);
}
