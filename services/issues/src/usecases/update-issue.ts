import {
  EventTypes,
  notFound,
  makeEvent,
  scopeOf,
  type Actor,
  type IssueEventData,
  type UpdateIssueBody,
} from '@momentum/contracts';
import { diffIssue, type EditableIssue, type FieldChange } from '../domain/activity.js';
import { priorityRank, statusRank } from '../domain/ranks.js';
import { searchKeysOf } from '../domain/search-terms.js';
import { foldTitle } from '../domain/title.js';
import type { IssueDoc } from '../store/models.js';
import type { IssuesCore } from './core.js';
import { adoptChild } from '../store/timeline-store.js';
import { visibleIssue } from './access.js';
import { checkParent } from './parent.js';
import { teamAssignee } from './people.js';

/**
 * PATCH an issue: as the issue's only writer, diff against the stored state, check what
 * changed, write it, then one activity entry per changed field. A patch that changes
 * nothing writes nothing and answers the issue as it is.
 */
export async function updateIssue(
  core: IssuesCore,
  actor: Actor,
  id: string,
  body: UpdateIssueBody,
): Promise<IssueDoc> {
  const scope = scopeOf(actor);
  const patch: Partial<EditableIssue> = {
    ...body,
    ...(body.description === null ? { description: '' } : {}),
  } as Partial<EditableIssue>;
  const result = await core.issues.exclusive(id, async () => {
    const current = await visibleIssue(core.issues, scope, id);
    const changes = diffIssue(current, patch);
    if (!changes.length) return { doc: current, changes };
    const set = await fieldsToSet(core, scope, current, changes, patch);
    const data: IssueEventData = {
      id,
      projectId: current.projectId,
      identifier: current.identifier,
      status: set.status ?? current.status,
      version: current.version + 1,
      changed: changes.map((c) => c.field),
    };
    const doc = await core.issues.update(
      id,
      set,
      makeEvent(EventTypes.issues.issueUpdated, data, actor),
    );
    if (!doc) throw notFound('Issue');
    return { doc, changes };
  });
  if (!result.changes.length) return result.doc;
  core.outbox.issue(id);
  // The old parent's timeline keeps the id; its page checks each child's parentId.
  if (result.doc.parentId && result.changes.some((c) => c.field === 'parentId'))
    await core.timelines.change(result.doc.parentId, adoptChild(id));
  await core.activity.append(
    result.changes.map((c) => ({ issueId: id, ...c, userId: actor.id, userType: actor.type })),
  );
  return result.doc;
}

/** The stored fields a set of changes writes, with the derived ones (ranks, search keys). */
async function fieldsToSet(
  core: IssuesCore,
  scope: ReturnType<typeof scopeOf>,
  current: IssueDoc,
  changes: FieldChange[],
  patch: Partial<EditableIssue>,
): Promise<Partial<IssueDoc>> {
  const set: Partial<IssueDoc> = {};
  for (const { field } of changes) (set as Record<string, unknown>)[field] = patch[field];
  if (set.status) set.statusRank = statusRank(set.status);
  if (set.priority) set.priorityRank = priorityRank(set.priority);
  if (set.title !== undefined) set.titleSort = foldTitle(set.title);
  if (set.title !== undefined || set.description !== undefined) {
    set.searchKeys = searchKeysOf(
      set.title ?? current.title,
      set.description ?? current.description,
    );
  }
  if ('assigneeId' in set)
    set.assignee = set.assigneeId
      ? await teamAssignee(core.directory, current.teamId, set.assigneeId)
      : null;
  if (set.parentId)
    await checkParent(core.issues, scope, current.projectId, current._id, set.parentId);
  return set;
}
