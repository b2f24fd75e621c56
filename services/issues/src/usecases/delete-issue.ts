import {
  EventTypes,
  notFound,
  scopeOf,
  type Actor,
  type BlockerEventData,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import type { IssueDoc } from '../store/models.js';
import type { IssuesDeps } from '../deps.js';
import { nextIssueEventData } from '../domain/issue-event.js';
import { seen } from './access.js';

/**
 * DELETE an issue (the spec leaves issue deletion open): the issue is marked deleted and
 * hidden from every read, with the deleted event in its outbox, in one write guarded by
 * its revision; then its blocker relations go, so they neither show nor block cycle
 * checks. Both happen under the blocker lease of its project, which every addition of a
 * blocker on this issue holds too: one being added at the same moment either comes first and
 * is removed with the others, or sees the issue deleted (and one that ran while this delete
 * was paused past its lease sees it after its own write and takes that back). Sub-issues
 * keep their parentId; the parent reads as unknown. Its number is never reused.
 */
export async function deleteIssue(deps: IssuesDeps, actor: Actor, id: string): Promise<void> {
  const scope = scopeOf(actor);
  const projectId = seen(scope, await deps.issues.load(id)).projectId;
  await deps.links.blockers([projectId], async () => {
    const deleted = await deps.issues.change(id, (read) => {
      const current = seen(scope, read);
      const data = nextIssueEventData(current);
      return {
        set: { deletedAt: new Date() },
        event: makeEvent(EventTypes.issues.issueDeleted, data, actor),
        result: null,
      };
    });
    if (!deleted) throw notFound('Issue');
    // Only the delete that wrote gets here: the creator's slot is given back once.
    if (deleted.wrote) await deps.counts.give('issues', deleted.doc.createdBy);
    deps.outbox.issue(id, deleted.outbox);
    await removeAllBlockers(deps, actor, deleted.doc);
  });
}

/** How many relations a deletion removes per read. */
const REMOVAL_PAGE = 200;

/**
 * Removes every relation of a deleted issue, each by its own write carrying its
 * `blocker.removed` event, so consumers (read models, webhooks) hear of each. No activity
 * entries (as before: the issue is gone). A delete that dies half-way leaves the rest of
 * its relations live, as the single `updateMany` this replaces could.
 */
async function removeAllBlockers(deps: IssuesDeps, actor: Actor, issue: IssueDoc) {
  for (;;) {
    // What this pass removes is not read again: no cursor needed.
    const page = await deps.blockers.someLiveOf(issue._id, REMOVAL_PAGE);
    if (!page.length) return;
    for (const relation of page) {
      // The event names the blocked issue's project, as removeBlocker's does.
      const blocked =
        relation.issueId === issue._id ? issue : await deps.issues.load(relation.issueId);
      const data: BlockerEventData = {
        id: relation._id,
        issueId: relation.issueId,
        blockedById: relation.blockedById,
        projectId: blocked?.projectId ?? issue.projectId,
      };
      const event = makeEvent(EventTypes.issues.blockerRemoved, data, actor);
      if (await deps.blockers.remove(relation._id, event, [])) deps.outbox.blocker(relation._id);
    }
  }
}
