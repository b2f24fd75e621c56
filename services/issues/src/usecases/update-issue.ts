import {
  EventTypes,
  notFound,
  scopeOf,
  type Actor,
  type Scope,
  type UpdateIssueBody,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import {
  diffIssue,
  recordedChange,
  type EditableIssue,
  type FieldChange,
} from '../domain/activity.js';
import { priorityRank, statusRank } from '../domain/ranks.js';
import { searchKeysOf } from '../domain/search-terms.js';
import { foldTitle } from '../domain/title.js';
import type { AssigneeSnapshot, IssueDoc } from '../store/models.js';
import type { IssueDecision } from '../store/issue-store.js';
import type { IssuesDeps } from '../deps.js';
import { settleInBackground } from './carried-activity.js';
import { nextIssueEventData } from '../domain/issue-event.js';
import { seen, visibleIssue } from './access.js';
import { checkParent } from './parent.js';
import { teamAssignee } from './people.js';
import { noticeOf } from './issue-notice.js';

/**
 * PATCH an issue: diff against the issue as read, check what changed, and write it in one
 * write that holds only while the issue is still as read (else read and decide again),
 * carrying its event and one activity entry per changed field, stamped with the write's
 * time: two engine commands on the request path (the read and the guarded write). The
 * log gets the entries after the reply (or the recovery, activity-store.ts); the issue
 * page shows those still carried meanwhile. A patch that
 * changes nothing writes nothing and answers the issue as it is. A new parent is checked
 * and written under the project's parent lease, so two moves cannot close a cycle; a move
 * whose lease was taken over before it finished is put back (503, DocumentLeases).
 */
export async function updateIssue(
  deps: IssuesDeps,
  actor: Actor,
  id: string,
  body: UpdateIssueBody,
): Promise<IssueDoc> {
  const scope = scopeOf(actor);
  const patch: Partial<EditableIssue> = {
    ...body,
    ...(body.description === null ? { description: '' } : {}),
  } as Partial<EditableIssue>;
  // Asked once, however often a lost race makes the change be decided again (an issue's
  // team never changes).
  let assignee: Promise<AssigneeSnapshot> | undefined;
  const assigneeIn = (teamId: string, assigneeId: string) =>
    (assignee ??= teamAssignee(deps.directory, teamId, assigneeId));
  const decide = async (read: IssueDoc): Promise<IssueDecision<FieldChange[]>> => {
    const current = seen(scope, read);
    const changes = diffIssue(current, patch);
    if (!changes.length) return { result: changes };
    const set = await fieldsToSet(deps, scope, current, changes, patch, assigneeIn);
    const notice = await noticeOf(deps, current, set);
    if (notice.watchers.length !== (current.watchers?.length ?? 0)) set.watchers = notice.watchers;
    const data = nextIssueEventData(current, {
      status: set.status,
      changed: changes.map((c) => c.field),
      ...(set.title !== undefined ? { title: set.title } : {}),
      actorName: actor.name,
      ...notice,
    });
    return {
      set,
      event: makeEvent(EventTypes.issues.issueUpdated, data, actor),
      activity: changes.map((c) => ({
        issueId: id,
        ...recordedChange(c),
        userId: actor.id,
        userType: actor.type,
      })),
      result: changes,
    };
  };
  // An issue never changes project: the lease is the one its new parent is checked under.
  const changed = body.parentId
    ? await deps.links.parents(
        (await visibleIssue(deps.issues, scope, id)).projectId,
        async (fence) => {
          let before: string | null = null;
          const result = await deps.issues.change(id, async (read) => {
            before = read.parentId;
            const decided = await decide(read);
            // Checked, about to write: only while the lease is still this request's.
            if (decided.set) {
              await fence.check();
            }
            return decided;
          });
          if (result?.wrote && result.doc.parentId !== before)
            fence.wrote(() => restoreParent(deps, actor, id, result.doc.parentId, before));
          return result;
        },
      )
    : await deps.issues.change(id, decide);
  if (!changed) throw notFound('Issue');
  if (!changed.wrote) return changed.doc;
  // The change, its event and its activity are stored by the one write above: the rest
  // (publish, log, clear) is off the request path, batched with other writes'.
  settleInBackground(deps, id, changed.outbox, changed.activity);
  return changed.doc;
}

/** The stored fields a set of changes writes, with the derived ones (ranks, search keys). */
async function fieldsToSet(
  deps: IssuesDeps,
  scope: Scope,
  current: IssueDoc,
  changes: FieldChange[],
  patch: Partial<EditableIssue>,
  assigneeIn: (teamId: string, assigneeId: string) => Promise<AssigneeSnapshot>,
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
    set.assignee = set.assigneeId ? await assigneeIn(current.teamId, set.assigneeId) : null;
  if (set.parentId)
    await checkParent(deps.issues, scope, current.projectId, current._id, set.parentId);
  return set;
}

/** Takes a parent change back, if the issue still has it (a move whose lease was lost). */
async function restoreParent(
  deps: IssuesDeps,
  actor: Actor,
  id: string,
  moved: string | null,
  before: string | null,
): Promise<void> {
  const undone = await deps.issues.change(id, (read) => {
    if (read.parentId !== moved) return { result: null };
    const data = nextIssueEventData(read, { changed: ['parentId'] });
    return {
      set: { parentId: before },
      event: makeEvent(EventTypes.issues.issueUpdated, data, actor),
      result: null,
    };
  });
  if (undone?.wrote) deps.outbox.issue(id, undone.outbox);
}
