import {
  scopeOf,
  type Actor,
  type ListIssuesQuery,
  type PersonSummary,
  type SearchIssuesQuery,
} from '@momentum/contracts';
import { queryKeys } from '../domain/search-terms.js';
import type { ActivityEntry, BlockerDoc, CommentEntry, IssueDoc } from '../store/models.js';
import type { IssuesCore } from './core.js';
import { visibleIssue } from './access.js';
import { assigneesOf } from './people.js';

/** A page of issues with their assignees' current names and avatars. */
export interface IssuePage {
  docs: IssueDoc[];
  people: Map<string, PersonSummary>;
  total: number;
}

/** The issue list: a named project must exist (404) and be the caller's (403). */
export async function listIssues(
  core: IssuesCore,
  actor: Actor,
  q: ListIssuesQuery,
): Promise<IssuePage> {
  const scope = scopeOf(actor);
  if (q.projectId) await core.projects.accessible(scope, q.projectId);
  const page = await core.lists.list(scope, q);
  return {
    docs: page.rows,
    people: await assigneesOf(core.directory, page.rows, core.log),
    total: page.total,
  };
}

/** Search over titles and descriptions of the caller's projects, best match first. */
export async function searchIssues(
  core: IssuesCore,
  actor: Actor,
  q: SearchIssuesQuery,
): Promise<IssuePage> {
  const scope = scopeOf(actor);
  if (q.projectId) await core.projects.accessible(scope, q.projectId);
  const keys = queryKeys(q.q);
  const page = keys.length
    ? await core.lists.search(scope, keys, q.projectId, q.page, q.limit)
    : { rows: [], total: 0 };
  return {
    docs: page.rows,
    people: await assigneesOf(core.directory, page.rows, core.log),
    total: page.total,
  };
}

export interface IssueDetail {
  doc: IssueDoc;
  people: Map<string, PersonSummary>;
  comments: CommentEntry[];
  activity: ActivityEntry[];
  blockedBy: BlockerDoc[];
  blocking: BlockerDoc[];
  /** The issue and the other ends of its blockers that the caller can see. */
  related: Map<string, IssueDoc>;
  subIssues: IssueDoc[];
}

/** One issue with comments and activity (oldest first), blockers and sub-issues. */
export async function issueDetail(
  core: IssuesCore,
  actor: Actor,
  id: string,
): Promise<IssueDetail> {
  const scope = scopeOf(actor);
  const doc = await visibleIssue(core.issues, scope, id);
  const [parts, people, relations] = await Promise.all([
    core.pages.read(scope, id),
    assigneesOf(core.directory, [doc], core.log),
    core.blockers.of(id),
  ]);
  const others = await core.issues.findVisible(scope, [
    ...relations.blockedBy.map((r) => r.blockedById),
    ...relations.blocking.map((r) => r.issueId),
  ]);
  return {
    doc,
    people,
    ...parts,
    ...relations,
    related: new Map([doc, ...others].map((d) => [d._id, d])),
  };
}
