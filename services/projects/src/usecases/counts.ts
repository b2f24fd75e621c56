import { ISSUE_STATES_PAGE, type ProjectCounts } from '@momentum/contracts';
import type { IssueStatesSource } from '../clients/issue-states-source.js';
import type { IssueStateStore } from '../store/issue-state-store.js';
import type { ProjectDoc } from '../store/models.js';
import { countsOf, emptyCounts } from '../domain/counts.js';
import { DELETED_STATUS } from '../domain/issue-event.js';

/** Projects with their issue counts (one query of their `_id`s). */
export async function withCounts(states: IssueStateStore, projects: ProjectDoc[]) {
  const counts = await states.countsFor(projects.map((p) => p._id));
  return projects.map((project) => ({ project, counts: counts.get(project._id) ?? emptyCounts() }));
}

/**
 * Rebuilds one project's counts from the issues service (the truth), for a read model
 * that missed events (an expired stream position, a bug fixed since): the truth is read a
 * page at a time in id order, each page synced with the rows of the same ids, deleted
 * issues kept as tombstones; then the rows are recounted. Events keep flowing meanwhile:
 * rows they wrote after the fetch began are kept.
 */
export async function rebuildCounts(
  states: IssueStateStore,
  source: IssueStatesSource,
  projectId: string,
) {
  const fetchedAt = new Date();
  let after: string | undefined;
  let issues = 0;
  let removed = 0;
  for (;;) {
    const page = await source.statesPage(projectId, after);
    const truth = page
      .filter((s) => s.projectId === projectId)
      .map(({ deleted, ...s }) => (deleted ? { ...s, status: DELETED_STATUS } : s));
    issues += truth.filter((s) => s.status !== DELETED_STATUS).length;
    const last = page.length >= ISSUE_STATES_PAGE ? page.at(-1)!.id : undefined;
    removed += await states.syncPage(projectId, truth, { after, upTo: last }, fetchedAt);
    if (!last) break;
    after = last;
  }
  const counts = await states.recount(projectId);
  return { projectId, issues, removed, _count: counts };
}

/**
 * Compares one project's counts with the issues service's and rebuilds them when they
 * differ. Events on their way make a difference for a moment; a rebuild is harmless then.
 */
export async function repairDrift(
  states: IssueStateStore,
  source: IssueStatesSource,
  projectId: string,
): Promise<{ drifted: boolean; counts: ProjectCounts }> {
  const [stored, truth] = await Promise.all([
    states.countsFor([projectId]).then((m) => m.get(projectId) ?? emptyCounts()),
    source.countsOf(projectId).then(countsOf),
  ]);
  if (sameCounts(stored, truth)) return { drifted: false, counts: stored };
  return { drifted: true, counts: (await rebuildCounts(states, source, projectId))._count };
}

const sameCounts = (a: ProjectCounts, b: ProjectCounts) =>
  Object.entries(a.issuesByStatus).every(
    ([s, n]) => b.issuesByStatus[s as keyof typeof b.issuesByStatus] === n,
  );
