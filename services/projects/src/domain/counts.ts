import { IssueStatuses, type IssueStatus, type ProjectCounts } from '@momentum/contracts';

/** One row of the `$group` by project and status. */
export interface StatusCountRow {
  projectId: string;
  status: string;
  count: number;
}

export function emptyCounts(): ProjectCounts {
  const issuesByStatus = Object.fromEntries(IssueStatuses.map((s) => [s, 0])) as Record<IssueStatus, number>;
  return { issues: 0, issuesByStatus };
}

/** Counts per project with all six statuses present; unknown statuses are ignored. */
export function countsByProject(projectIds: readonly string[], rows: readonly StatusCountRow[]): Map<string, ProjectCounts> {
  const out = new Map(projectIds.map((id) => [id, emptyCounts()]));
  for (const row of rows) {
    const counts = out.get(row.projectId);
    if (!counts || !(IssueStatuses as readonly string[]).includes(row.status)) continue;
    counts.issuesByStatus[row.status as IssueStatus] += row.count;
    counts.issues += row.count;
  }
  return out;
}
