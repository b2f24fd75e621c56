import { IssueStatuses, type IssueStatus } from '@momentum/contracts';
import { api, newTeam, newUser, type TestUser } from '../../support/e2e.js';
import { sleep } from './processes.js';

export interface Counts {
  issues: number;
  issuesByStatus: Record<IssueStatus, number>;
}

/** A status per index, so the counts are spread over every status, not one. */
export const statusFor = (i: number): IssueStatus => IssueStatuses[i % IssueStatuses.length]!;

export function tally(statuses: readonly IssueStatus[]): Counts {
  const issuesByStatus = Object.fromEntries(
    IssueStatuses.map((s) => [s, 0]),
  ) as Counts['issuesByStatus'];
  for (const s of statuses) issuesByStatus[s] += 1;
  return { issues: statuses.length, issuesByStatus };
}

/** A user with a team and a project of that team. */
export async function projectOwner(): Promise<{
  user: TestUser;
  teamId: string;
  projectId: string;
}> {
  const user = await newUser();
  const team = await newTeam(user);
  const res = await api(user.apiKey, 'POST', '/api/projects', { teamId: team.id, name: 'Faults' });
  if (res.status !== 201) throw new Error(`creating a project failed: ${res.status} ${res.text}`);
  return { user, teamId: team.id, projectId: res.body.data.id };
}

export const createIssue = (user: TestUser, projectId: string, i: number) =>
  api(user.apiKey, 'POST', '/api/tasks', { projectId, title: `issue ${i}`, status: statusFor(i) });

/** Every issue of the project as the issues service lists it (the truth), paged by 100. */
export async function listIssues(
  user: TestUser,
  projectId: string,
): Promise<Array<{ id: string; status: IssueStatus }>> {
  const all: Array<{ id: string; status: IssueStatus }> = [];
  for (let page = 1; ; page++) {
    const res = await api(
      user.apiKey,
      'GET',
      `/api/tasks?projectId=${projectId}&limit=100&page=${page}`,
    );
    if (res.status !== 200) throw new Error(`listing issues failed: ${res.status} ${res.text}`);
    all.push(...res.body.data);
    if (res.body.data.length < 100) return all;
  }
}

/** The projects service's read model of the project's issues. */
export async function projectCounts(user: TestUser, projectId: string): Promise<Counts> {
  const res = await api(user.apiKey, 'GET', `/api/projects/${projectId}`);
  if (res.status !== 200) throw new Error(`reading the project failed: ${res.status} ${res.text}`);
  return res.body.data._count;
}

/**
 * Polls until the read model equals the truth recomputed from the issue list, and returns
 * both as last seen (equal, or the last pair on timeout for the test's assertion to show).
 */
export async function convergedCounts(
  user: TestUser,
  projectId: string,
  timeoutMs = 30_000,
): Promise<{ counts: Counts; truth: Counts }> {
  const start = Date.now();
  for (;;) {
    const truth = tally((await listIssues(user, projectId)).map((i) => i.status));
    const counts = await projectCounts(user, projectId);
    if (sameCounts(counts, truth) || Date.now() - start > timeoutMs) return { counts, truth };
    await sleep(250);
  }
}

function sameCounts(a: Counts, b: Counts): boolean {
  const keys = Object.keys(a.issuesByStatus);
  return (
    a.issues === b.issues &&
    keys.length === IssueStatuses.length &&
    IssueStatuses.every((s) => a.issuesByStatus[s] === b.issuesByStatus[s])
  );
}
