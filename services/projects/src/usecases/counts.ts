import type { IssueStatesSource } from '../deps/issue-states-source.js';
import type { IssueStateStore } from '../store/issue-state-store.js';
import type { ProjectDoc } from '../store/models.js';
import { emptyCounts } from '../domain/counts.js';

/** Projects with their issue counts (one fetch by `_id` per project, in parallel). */
export async function withCounts(states: IssueStateStore, projects: ProjectDoc[]) {
  const counts = await states.countsFor(projects.map((p) => p._id));
  return projects.map((project) => ({ project, counts: counts.get(project._id) ?? emptyCounts() }));
}

/**
 * Rebuilds one project's counts from the issues service (the truth): for a read model
 * that missed events (a lost stream, a bug fixed since). Events keep flowing meanwhile;
 * the store keeps whatever they wrote after the fetch began.
 */
export async function rebuildCounts(
  states: IssueStateStore,
  source: IssueStatesSource,
  projectId: string,
) {
  const fetchedAt = new Date();
  const truth = (await source.statesOf(projectId)).filter((s) => s.projectId === projectId);
  const { removed, counts } = await states.rebuild(projectId, truth, fetchedAt);
  return { projectId, issues: truth.length, removed, _count: counts };
}
