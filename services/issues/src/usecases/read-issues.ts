import {
  scopeOf,
  startAfter,
  type Actor,
  type Scope,
  validationError,
  type IssuePageQuery,
  type ListIssuesQuery,
  type PersonSummary,
  type SearchIssuesQuery,
} from '@momentum/contracts';
import { canonicalIdentifier } from '../domain/identifier.js';
import { queryKeys } from '../domain/search-terms.js';
import { ACTIVITY_SHOWN, cursorOf, positionOf, type Position } from '../store/page-store.js';
import type { ActivityEntry, BlockerDoc, CommentEntry, IssueDoc } from '../store/models.js';
import type { IssuesDeps } from '../deps.js';
import { seen } from './access.js';
import { assigneesOf } from './people.js';

/** A page of issues with their assignees' current names and avatars. */
export interface IssuePage {
  docs: IssueDoc[];
  people: Map<string, PersonSummary>;
  total: number;
  /** The list's `meta.nextCursor` (lists only). */
  nextCursor?: string | null;
}

/** The issue list: a named project must exist (404) and be the caller's (403). */
export async function listIssues(
  deps: IssuesDeps,
  actor: Actor,
  q: ListIssuesQuery,
): Promise<IssuePage> {
  const scope = scopeOf(actor);
  const after = startAfter(q);
  if (q.projectId) await deps.projects.accessible(scope, q.projectId);
  const page = await deps.lists.list(scope, q, after);
  return {
    docs: page.rows,
    people: await assigneesOf(deps.directory, page.rows, deps.log),
    total: page.total,
    nextCursor: page.nextCursor ?? null,
  };
}

/** Search over titles and descriptions of the caller's projects, best match first. */
export async function searchIssues(
  deps: IssuesDeps,
  actor: Actor,
  q: SearchIssuesQuery,
): Promise<IssuePage> {
  const scope = scopeOf(actor);
  if (q.projectId) await deps.projects.accessible(scope, q.projectId);
  const named = await namedIssues(deps, scope, q);
  if (named) return named;
  const keys = queryKeys(q.q);
  const page = keys.length
    ? await deps.lists.search(scope, keys, q.projectId, q.page, q.limit)
    : { rows: [], total: 0 };
  return {
    docs: page.rows,
    people: await assigneesOf(deps.directory, page.rows, deps.log),
    total: page.total,
  };
}

/**
 * A query that is an identifier (`ENG-12`, any case) and names issues of the caller's
 * teams answers those issues alone, as Linear's and GitHub's search jump to the issue a key
 * names; one that names none is searched as words.
 */
async function namedIssues(
  deps: IssuesDeps,
  scope: Scope,
  q: SearchIssuesQuery,
): Promise<IssuePage | null> {
  const identifier = canonicalIdentifier(q.q);
  if (!identifier) return null;
  const found = await deps.issues.withIdentifier(scope, identifier, MAX_NAMED, q.projectId);
  if (!found.length) return null;
  const docs = found.slice((q.page - 1) * q.limit, q.page * q.limit);
  return {
    docs,
    people: await assigneesOf(deps.directory, docs, deps.log),
    total: found.length,
  };
}

/** An identifier names at most one issue per team; a search shows at most this many. */
const MAX_NAMED = 100;

export interface IssueDetail {
  doc: IssueDoc;
  people: Map<string, PersonSummary>;
  /** The newest (or those before the query's cursor), oldest first. */
  comments: CommentEntry[];
  activity: ActivityEntry[];
  /** Cursors for the ones before those shown; null when there are none. */
  olderComments: string | null;
  olderActivity: string | null;
  blockedBy: BlockerDoc[];
  blocking: BlockerDoc[];
  /** The issue and the other ends of its blockers that the caller can see. */
  related: Map<string, IssueDoc>;
  subIssues: IssueDoc[];
}

/**
 * One issue with its newest comments and activity (oldest first; a cursor pages either
 * back), blockers and sub-issues. A cursor this API did not hand out is a 422.
 */
export async function issueDetail(
  deps: IssuesDeps,
  actor: Actor,
  id: string,
  q: IssuePageQuery = {},
): Promise<IssueDetail> {
  const scope = scopeOf(actor);
  const cursors = {
    commentsBefore: q.commentsBefore ? cursorParam('commentsBefore', q.commentsBefore) : null,
    activityBefore: q.activityBefore ? cursorParam('activityBefore', q.activityBefore) : null,
  };
  const loaded = await deps.issues.loadCarrying(id);
  const doc = seen(scope, loaded?.doc ?? null);
  const detail = await detailOf(deps, scope, doc, cursors);
  // The newest entries may still be carried by the issue (logged after the reply).
  return cursors.activityBefore ? detail : withCarried(detail, loaded?.carried ?? []);
}

/** The page's newest activity with the entries the issue still carries, each once. */
function withCarried(detail: IssueDetail, carried: ActivityEntry[]): IssueDetail {
  const known = new Set(detail.activity.map((e) => e._id));
  const added = carried.filter((e) => !known.has(e._id));
  if (!added.length) return detail;
  const all = [...detail.activity, ...added].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : 1),
  );
  const shown = all.slice(-ACTIVITY_SHOWN);
  const oldest = shown[0]!;
  const trimmed = shown.length < all.length;
  return {
    ...detail,
    activity: shown,
    olderActivity: trimmed
      ? cursorOf({ at: oldest.createdAt, id: oldest._id })
      : detail.olderActivity,
  };
}

async function detailOf(
  deps: IssuesDeps,
  scope: Scope,
  doc: IssueDoc,
  cursors: { commentsBefore: Position | null; activityBefore: Position | null },
): Promise<IssueDetail> {
  const id = doc._id;
  const [parts, people, relations] = await Promise.all([
    deps.pages.read(scope, id, cursors),
    assigneesOf(deps.directory, [doc], deps.log),
    deps.blockers.of(id),
  ]);
  const others = await deps.issues.findVisible(scope, [
    ...relations.blockedBy.map((r) => r.blockedById),
    ...relations.blocking.map((r) => r.issueId),
  ]);
  return {
    doc,
    people,
    comments: parts.comments.items,
    activity: parts.activity.items,
    olderComments: parts.comments.older,
    olderActivity: parts.activity.older,
    subIssues: parts.subIssues,
    ...relations,
    related: new Map([doc, ...others].map((d) => [d._id, d])),
  };
}

function cursorParam(field: string, cursor: string): Position {
  const position = positionOf(cursor);
  if (!position)
    throw validationError(`${field}: not a cursor this API handed out`, {
      field,
      rule: 'cursor',
      value: cursor,
    });
  return position;
}
