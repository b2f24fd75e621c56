import {
  notFound,
  scopeOf,
  type Actor,
  type ListProjectsInput,
  type ProjectLookupReply,
} from '@momentum/contracts';
import type { ProjectsDeps } from '../deps.js';
import type { ProjectDoc } from '../store/models.js';
import { rebuildCounts, withCounts } from './counts.js';
import type { IssueMove } from '../domain/issue-event.js';

/** Projects of the caller's teams, a page of them, each with its issue counts. */
export async function listProjects(deps: ProjectsDeps, actor: Actor, query: ListProjectsInput) {
  const { rows, total } = await deps.store.list(scopeOf(actor), query);
  return { rows: await withCounts(deps.states, rows), total };
}

/** One project with its issue counts. */
export async function projectWithCounts(deps: ProjectsDeps, project: ProjectDoc) {
  const [row] = await withCounts(deps.states, [project]);
  return row!;
}

/** A project of one of the caller's teams (404 otherwise). */
export const getProject = (deps: ProjectsDeps, actor: Actor, id: string): Promise<ProjectDoc> =>
  deps.store.getAccessible(scopeOf(actor), id);

/** Team and key of a project, for other services (HTTP and the NATS lookup alike); null if none. */
export async function projectLookup(
  deps: ProjectsDeps,
  id: string,
): Promise<NonNullable<ProjectLookupReply> | null> {
  const p = await deps.store.findById(id);
  return p ? { id: p._id, teamId: p.teamId, key: p.key, name: p.name } : null;
}

/** Rebuild one project's issue counts from the issues service (404 for an unknown project). */
export async function rebuildProjectCounts(deps: ProjectsDeps, projectId: string) {
  if (!(await deps.store.findById(projectId))) throw notFound('Project');
  return rebuildCounts(deps.states, deps.source, projectId);
}

/** An issue's move from its event into the read model; 'foreign' if it names another project. */
export const applyIssueMove = (deps: ProjectsDeps, move: IssueMove) => deps.states.apply(move);
