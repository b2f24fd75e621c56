import { notFound, type IssueState } from '@momentum/contracts';
import type { IssuesDeps } from '../deps.js';

/** For the gateway: whether an issue has this id (404 if not). */
export async function requireIssueId({ issues }: IssuesDeps, id: string): Promise<void> {
  if (!(await issues.exists(id))) throw notFound('Issue');
}

/** A page of a project's issue states in id order, tombstones included (count rebuilds). */
export const issueStates = (
  { issues }: IssuesDeps,
  projectId: string,
  after: string | undefined,
  limit: number,
): Promise<IssueState[]> => issues.states(projectId, after, limit);

/** A project's live issues per status (count audits). */
export const issueStatusCounts = ({ issues }: IssuesDeps, projectId: string) =>
  issues.statusCounts(projectId);
