import {
  AppError,
  conflict,
  EventTypes,
  makeEvent,
  notFound,
  scopeOf,
  validationError,
  type Actor,
  type BlockerEventData,
  type Scope,
} from '@momentum/contracts';
import { blockerCyclePath } from '../domain/graph.js';
import { blockerId } from '../domain/ids.js';
import type { BlockerDoc, IssueDoc } from '../store/models.js';
import type { NewActivity } from '../store/activity-store.js';
import type { IssuesCore } from './core.js';
import { visibleIssue } from './access.js';

/** How far a cycle search walks before giving up (a guard against pathological graphs). */
const MAX_GRAPH_NODES = 20_000;

export interface BlockerResult {
  relation: BlockerDoc;
  issue: IssueDoc;
  blockedBy: IssueDoc;
}

/**
 * "issue is blocked by blockedById". Refused: the issue itself (422 `self`), a relation
 * that exists (409 `duplicate`), one that would close a cycle of any length (409 `cycle`,
 * with the path). Both issues must be visible to the caller (404 unknown, 403 another
 * team's). The checks and the write run under the blocker lease, so two additions at once
 * cannot each pass and together close a cycle.
 */
export async function addBlocker(
  core: IssuesCore,
  actor: Actor,
  issueId: string,
  blockedById: string,
): Promise<BlockerResult> {
  const scope = scopeOf(actor);
  await visibleIssue(core.issues, scope, issueId);
  if (blockedById === issueId) {
    throw validationError('blockedById: an issue cannot block itself', {
      field: 'blockedById',
      rule: 'self',
      value: blockedById,
    });
  }
  const result = await core.links.blockers(async () => {
    // Read under the lease: an issue deleted meanwhile has had its relations removed.
    const issue = await visibleIssue(core.issues, scope, issueId);
    const blockedBy = await visibleIssue(core.issues, scope, blockedById, 'Blocking issue');
    if (await core.blockers.exists(issueId, blockedById)) throw duplicate(blockedBy);
    const cycle = await cyclePath(core, issueId, blockedById);
    if (cycle) {
      const path = [issue.identifier, ...(await identifiers(core, scope, cycle))];
      throw conflict(`This would close a blocker cycle: ${path.join(' → ')}`, {
        field: 'blockedById',
        rule: 'cycle',
        path,
      });
    }
    const event = makeEvent(
      EventTypes.issues.blockerAdded,
      eventData(issue, blockerId(issueId, blockedById), blockedById),
      actor,
    );
    const relation = await core.blockers.add({ issueId, blockedById, createdBy: actor.id }, event);
    if (!relation) throw duplicate(blockedBy);
    return { relation, issue, blockedBy };
  });
  core.outbox.blocker(result.relation._id);
  await recordBoth(core, actor, result.issue, result.blockedBy, 'added');
  return result;
}

/** Remove a relation of the issue, named by its id (or by the other issue's id). */
export async function removeBlocker(
  core: IssuesCore,
  actor: Actor,
  issueId: string,
  ref: string,
): Promise<void> {
  const scope = scopeOf(actor);
  await visibleIssue(core.issues, scope, issueId);
  const relation = await core.blockers.findForIssue(issueId, ref);
  if (!relation) throw notFound('Blocker');
  const [issue, blockedBy] = await Promise.all([
    core.issues.load(relation.issueId),
    core.issues.load(relation.blockedById),
  ]);
  if (!issue) throw notFound('Blocker');
  const event = makeEvent(
    EventTypes.issues.blockerRemoved,
    eventData(issue, relation._id, relation.blockedById),
    actor,
  );
  // Of two removals at once, one finds the relation still there.
  if (!(await core.blockers.remove(relation._id, event))) throw notFound('Blocker');
  core.outbox.blocker(relation._id);
  const shown = (d: IssueDoc | null): d is IssueDoc =>
    !!d && !d.deletedAt && scope.teamIds.includes(d.teamId);
  if (shown(issue) && shown(blockedBy)) await recordBoth(core, actor, issue, blockedBy, 'removed');
}

export async function listBlockers(core: IssuesCore, actor: Actor, issueId: string) {
  const scope = scopeOf(actor);
  const issue = await visibleIssue(core.issues, scope, issueId);
  const relations = await core.blockers.of(issueId);
  const others = await core.issues.findVisible(scope, [
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
 * shows up or the graph is exhausted; then let the pure check name the path.
 */
async function cyclePath(
  core: IssuesCore,
  issueId: string,
  blockedById: string,
): Promise<string[] | null> {
  const edges = new Map<string, string[]>();
  const seenIds = new Set([blockedById]);
  let frontier = [blockedById];
  while (frontier.length && seenIds.size < MAX_GRAPH_NODES) {
    const next: string[] = [];
    for (const e of await core.blockers.edgesFrom(frontier)) {
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
  return blockerCyclePath(issueId, blockedById, edges);
}

async function identifiers(core: IssuesCore, scope: Scope, ids: string[]): Promise<string[]> {
  const docs = new Map(
    (await core.issues.findVisible(scope, ids)).map((d) => [d._id, d.identifier]),
  );
  return ids.map((id) => docs.get(id) ?? id);
}

/** One entry on each side: `blocker_*` on the blocked issue, `blocking_*` on the blocker. */
function recordBoth(
  core: IssuesCore,
  actor: Actor,
  issue: IssueDoc,
  blockedBy: IssueDoc,
  what: 'added' | 'removed',
): Promise<void> {
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
  return core.activity.append(entries);
}
