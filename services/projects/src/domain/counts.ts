import { IssueStatuses, type IssueStatus, type ProjectCounts } from '@momentum/contracts';

const isIssueStatus = (s: string): s is IssueStatus =>
  (IssueStatuses as readonly string[]).includes(s);

/** How a project's counts document's `_id` starts, beside the issue rows (store/models.ts). */
export const COUNTS_ID_PREFIX = 'counts:';

export function emptyCounts(): ProjectCounts {
  const issuesByStatus = Object.fromEntries(IssueStatuses.map((s) => [s, 0])) as Record<
    IssueStatus,
    number
  >;
  return { issues: 0, issuesByStatus };
}

/** The reply shape from stored per-status numbers: all six statuses, unknown ones ignored. */
export function countsOf(
  byStatus: Readonly<Record<string, number>> | null | undefined,
): ProjectCounts {
  const counts = emptyCounts();
  for (const [status, n] of Object.entries(byStatus ?? {})) {
    if (!isIssueStatus(status) || typeof n !== 'number') continue;
    counts.issuesByStatus[status] += n;
    counts.issues += n;
  }
  return counts;
}

/** Per-status numbers of a set of issue statuses (a rebuild recounts the rows). */
export function tally(statuses: readonly string[]): Record<IssueStatus, number> {
  const byStatus = emptyCounts().issuesByStatus;
  for (const s of statuses) if (isIssueStatus(s)) byStatus[s] += 1;
  return byStatus;
}

/**
 * The `$inc` one issue's move makes on its project's numbers: from its previous status
 * (null for an issue not seen yet) to the new one. A move within one status is a no-op.
 */
export function transition(
  from: IssueStatus | null,
  to: IssueStatus,
): Partial<Record<IssueStatus, number>> {
  if (from === to) return {};
  return from === null ? { [to]: 1 } : { [from]: -1, [to]: 1 };
}

/** The summed `$inc` of several moves of one project, without the ones that cancel out. */
export function foldTransitions(
  moves: ReadonlyArray<{ from: IssueStatus | null; to: IssueStatus }>,
): Partial<Record<IssueStatus, number>> {
  const sum: Partial<Record<IssueStatus, number>> = {};
  for (const { from, to } of moves) {
    for (const [status, n] of Object.entries(transition(from, to)) as Array<[IssueStatus, number]>)
      sum[status] = (sum[status] ?? 0) + n;
  }
  return Object.fromEntries(Object.entries(sum).filter(([, n]) => n !== 0));
}
