import {
  AppError,
  conflict,
  EventTypes,
  notFound,
  scopeOf,
  validationError,
  type Actor,
  type BlockerEventData,
  type Scope,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { blockerCyclePath } from '../domain/graph.js';
import { blockerId } from '../domain/ids.js';
import type { ActivityEntry, BlockerDoc, IssueDoc } from '../store/models.js';
import type { NewActivity } from '../store/activity-store.js';
import type { Fence } from '@momentum/storage';
import type { IssuesDeps } from '../deps.js';
import { recordCarried } from './carried-activity.js';
import { visibleIssue } from './access.js';

/** How far a cycle search walks before giving up (a guard against pathological graphs). */
const MAX_GRAPH_NODES = 20_000;

export interface BlockerResult {
  relation: BlockerDoc;
  issue: IssueDoc;
  blockedBy: IssueDoc;
}

/** How often an addition widens its leases to the projects its search reached. */
const MAX_LEASE_ROUNDS = 8;

/**
 * "issue is blocked by blockedById". Refused: the issue itself (422 `self`), a relation
 * that exists (409 `duplicate`), one that would close a cycle of any length (409 `cycle`,
 * with the path). Both issues must be visible to the caller (404 unknown, 403 another
 * team's). The checks and the write run under the blocker leases of every project the
 * search reached (LinkLeases.blockers), so two additions at once cannot each pass and
 * together close a cycle; a search that reaches a project it holds no lease of starts over
 * holding that one too.
 */
export async function addBlocker(
  deps: IssuesDeps,
  actor: Actor,
  issueId: string,
  blockedById: string,
): Promise<BlockerResult> {
  const scope = scopeOf(actor);
  const first = await visibleIssue(deps.issues, scope, issueId);
  if (blockedById === issueId) {
    throw validationError('blockedById: an issue cannot block itself', {
      field: 'blockedById',
      rule: 'self',
      value: blockedById,
    });
  }
  const other = await visibleIssue(deps.issues, scope, blockedById, 'Blocking issue');
  let projects = [...new Set([first.projectId, other.projectId])];
  for (let round = 0; round < MAX_LEASE_ROUNDS; round++) {
    const outcome = await deps.links.blockers(projects, (fence) =>
      addUnderLeases(deps, actor, scope, issueId, blockedById, projects, fence),
    );
    if ('reached' in outcome) {
      projects = [...new Set([...projects, ...outcome.reached])];
      continue;
    }
    deps.outbox.blocker(outcome.relation._id);
    const { activity, ...result } = outcome;
    await recordCarried(deps, 'blocker', result.relation._id, activity);
    return result;
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'The blocker graph is busy; try again', undefined, {
    'Retry-After': '1',
  });
}

/** The checks and the write, holding the leases of `projects`; or the projects it lacked. */
async function addUnderLeases(
  deps: IssuesDeps,
  actor: Actor,
  scope: Scope,
  issueId: string,
  blockedById: string,
  projects: readonly string[],
  fence: Fence,
): Promise<(BlockerResult & { activity: ActivityEntry[] }) | { reached: string[] }> {
  // Read under the lease: an issue deleted meanwhile has had its relations removed.
  const issue = await visibleIssue(deps.issues, scope, issueId);
  const blockedBy = await visibleIssue(deps.issues, scope, blockedById, 'Blocking issue');
  if (await deps.blockers.exists(issueId, blockedById)) throw duplicate(blockedBy);
  const search = await cyclePath(deps, issueId, blockedById);
  if (search.cycle) {
    const path = [issue.identifier, ...(await identifiers(deps, scope, search.cycle))];
    throw conflict(`This would close a blocker cycle: ${path.join(' → ')}`, {
      field: 'blockedById',
      rule: 'cycle',
      path,
    });
  }
  const reached = search.projects.filter((p) => !projects.includes(p));
  if (reached.length) return { reached };
  await fence.check();
  const id = blockerId(issueId, blockedById);
  const event = makeEvent(EventTypes.issues.blockerAdded, eventData(issue, id, blockedById), actor);
  const added = await deps.blockers.add(
    { issueId, blockedById, createdBy: actor.id },
    event,
    bothEntries(actor, issue, blockedBy, 'added'),
  );
  if (!added) throw duplicate(blockedBy);
  const undo = async () => {
    const removed = makeEvent(
      EventTypes.issues.blockerRemoved,
      eventData(issue, id, blockedById),
      actor,
    );
    // No entries of its own, and the addition's (not recorded yet) go with it.
    await deps.blockers.remove(id, removed);
    deps.outbox.blocker(id);
  };
  fence.wrote(undo);
  // An issue deleted after the read above (by a delete that lost its lease) may have had
  // its relations removed before this one was written: take it back.
  const [stillIssue, stillBlocker] = await Promise.all([
    deps.issues.load(issueId),
    deps.issues.load(blockedById),
  ]);
  if (!stillIssue || stillIssue.deletedAt || !stillBlocker || stillBlocker.deletedAt) {
    await undo();
    throw notFound(stillIssue && !stillIssue.deletedAt ? 'Blocking issue' : 'Issue');
  }
  return { relation: added.relation, issue, blockedBy, activity: added.activity };
}

/** Remove a relation of the issue, named by its id (or by the other issue's id). */
export async function removeBlocker(
  deps: IssuesDeps,
  actor: Actor,
  issueId: string,
  ref: string,
): Promise<void> {
  const scope = scopeOf(actor);
  await visibleIssue(deps.issues, scope, issueId);
  const relation = await deps.blockers.findForIssue(issueId, ref);
  if (!relation) throw notFound('Blocker');
  const [issue, blockedBy] = await Promise.all([
    deps.issues.load(relation.issueId),
    deps.issues.load(relation.blockedById),
  ]);
  if (!issue) throw notFound('Blocker');
  const event = makeEvent(
    EventTypes.issues.blockerRemoved,
    eventData(issue, relation._id, relation.blockedById),
    actor,
  );
  const shown = (d: IssueDoc | null): d is IssueDoc =>
    !!d && !d.deletedAt && scope.teamIds.includes(d.teamId);
  const entries =
    shown(issue) && shown(blockedBy) ? bothEntries(actor, issue, blockedBy, 'removed') : [];
  // Of two removals at once, one finds the relation still there.
  const activity = await deps.blockers.remove(relation._id, event, entries);
  if (!activity) throw notFound('Blocker');
  deps.outbox.blocker(relation._id);
  await recordCarried(deps, 'blocker', relation._id, activity);
}

export async function listBlockers(deps: IssuesDeps, actor: Actor, issueId: string) {
  const scope = scopeOf(actor);
  const issue = await visibleIssue(deps.issues, scope, issueId);
  const relations = await deps.blockers.of(issueId);
  const others = await deps.issues.findVisible(scope, [
    ...relations.blockedBy.map((r) => r.blockedById),
    ...relations.blocking.map((r) => r.issueId),
  ]);
  return { ...relations, related: new Map([issue, ...others].map((d) => [d._id, d])) };
}

const duplicate = (blockedBy: IssueDoc) =>
  conflict(`This issue is already blocked by ${blockedBy.identifier}`, {
    field: 'blockedById',
    rule: 'duplicate',
    value: blockedBy._id,
  });

const eventData = (issue: IssueDoc, id: string, blockedById: string): BlockerEventData => ({
  id,
  issueId: issue._id,
  blockedById,
  projectId: issue.projectId,
});

/**
 * Walk blocked-by edges from the would-be blocker, one query per level, until the issue
 * shows up or the graph is exhausted; then let the pure check name the path. Also says
 * which projects the walk reached (the leases a safe addition holds).
 */
async function cyclePath(
  deps: IssuesDeps,
  issueId: string,
  blockedById: string,
): Promise<{ cycle: string[] | null; projects: string[] }> {
  const edges = new Map<string, string[]>();
  const seenIds = new Set([blockedById]);
  let frontier = [blockedById];
  while (frontier.length && seenIds.size < MAX_GRAPH_NODES) {
    const next: string[] = [];
    for (const e of await deps.blockers.edgesFrom(frontier)) {
      edges.set(e.issueId, [...(edges.get(e.issueId) ?? []), e.blockedById]);
      if (!seenIds.has(e.blockedById)) {
        seenIds.add(e.blockedById);
        next.push(e.blockedById);
      }
    }
    if (seenIds.has(issueId)) break;
    frontier = next;
  }
  if (seenIds.size >= MAX_GRAPH_NODES && !seenIds.has(issueId))
    throw new AppError('CONFLICT', 'The blocker graph is too large to check for cycles', {
      field: 'blockedById',
      rule: 'graph_too_large',
    });
  const cycle = blockerCyclePath(issueId, blockedById, edges);
  return { cycle, projects: cycle ? [] : await deps.blockers.projectsOf([...seenIds]) };
}

async function identifiers(deps: IssuesDeps, scope: Scope, ids: string[]): Promise<string[]> {
  const docs = new Map(
    (await deps.issues.findVisible(scope, ids)).map((d) => [d._id, d.identifier]),
  );
  return ids.map((id) => docs.get(id) ?? id);
}

/**
 * One entry on each side: `blocker_*` on the blocked issue, `blocking_*` on the blocker,
 * carried by the relation's write.
 */
function bothEntries(
  actor: Actor,
  issue: IssueDoc,
  blockedBy: IssueDoc,
  what: 'added' | 'removed',
): NewActivity[] {
  const value = (identifier: string) =>
    what === 'added'
      ? { oldValue: null, newValue: identifier }
      : { oldValue: identifier, newValue: null };
  const by = { userId: actor.id, userType: actor.type };
  const entries: NewActivity[] = [
    {
      issueId: issue._id,
      action: `blocker_${what}`,
      field: 'blockedBy',
      ...value(blockedBy.identifier),
      ...by,
    },
    {
      issueId: blockedBy._id,
      action: `blocking_${what}`,
      field: 'blocking',
      ...value(issue.identifier),
      ...by,
    },
  ];
  return entries;
}
