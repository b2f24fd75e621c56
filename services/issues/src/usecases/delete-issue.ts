import {
  EventTypes,
  makeEvent,
  notFound,
  scopeOf,
  type Actor,
  type IssueEventData,
} from '@momentum/contracts';
import type { IssuesCore } from './core.js';
import { visibleIssue } from './access.js';

/**
 * DELETE an issue (the spec leaves issue deletion open): the issue is marked deleted and
 * hidden from every read, its blocker relations go (so they neither show nor block cycle
 * checks), and the deleted event rides its outbox. Sub-issues keep their parentId; the
 * parent reads as unknown. Its number is never reused.
 */
export async function deleteIssue(core: IssuesCore, actor: Actor, id: string): Promise<void> {
  await core.issues.exclusive(id, async () => {
    const current = await visibleIssue(core.issues, scopeOf(actor), id);
    const data: IssueEventData = {
      id,
      projectId: current.projectId,
      identifier: current.identifier,
      status: current.status,
      version: current.version + 1,
    };
    const done = await core.issues.update(
      id,
      { deletedAt: new Date() },
      makeEvent(EventTypes.issues.issueDeleted, data, actor),
    );
    if (!done) throw notFound('Issue');
  });
  core.outbox.issue(id);
  await core.blockers.removeAllOf(id);
}
