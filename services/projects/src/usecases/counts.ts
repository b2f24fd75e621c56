import type { IssueStatesSource } from '../deps/issue-states-source.js';
import type { IssueStateStore } from '../store/issue-state-store.js';
import type { ProjectDoc } from '../store/models.js';
import { emptyCounts } from '../domain/counts.js';
import { planRebuild } from '../domain/rebuild.js';

/** Projects with their issue counts, one `$group` for the whole page. */
export async function withCounts(states: IssueStateStore, projects: ProjectDoc[]) {
  const counts = await states.countsFor(projects.map((p) => p._id));
  return projects.map((project) => ({ project, counts: counts.get(project._id) ?? emptyCounts() }));
}

/**
 * Rebuilds one project's counts from the issues service: every state is applied like an
 * event (a newer version already seen wins), and rows the truth no longer lists are
 * dropped — except those written after the fetch began, which are newer than the truth.
 */
export async function rebuildCounts(states: IssueStateStore, source: IssueStatesSource, projectId: string) {
  const fetchedAt = new Date();
  const truth = (await source.statesOf(projectId)).filter((s) => s.projectId === projectId);
  const plan = planRebuild(await states.versionsOf(projectId), truth);
  await states.insertMany(plan.inserts, fetchedAt);
  for (const state of plan.updates) await states.apply(state, fetchedAt);
  const removed = await states.remove(projectId, plan.missing, fetchedAt);
  const counts = (await states.countsFor([projectId])).get(projectId) ?? emptyCounts();
  return { projectId, issues: truth.length, removed, _count: counts };
}
