import {
  EventTypes,
  makeEvent,
  notFound,
  scopeOf,
  type Actor,
  type IssueEventData,
} from '@momentum/contracts';
import type { IssuesCore } from './core.js';
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
export async function deleteIssue(core: IssuesCore, actor: Actor, id: string): Promise<void> {
  const scope = scopeOf(actor);
  const projectId = seen(scope, await core.issues.load(id)).projectId;
  await core.links.blockers([projectId], async () => {
    const deleted = await core.issues.change(id, (read) => {
      const current = seen(scope, read);
      const data: IssueEventData = {
        id,
        projectId: current.projectId,
        identifier: current.identifier,
        status: current.status,
        version: current.version + 1,
      };
      return {
        set: { deletedAt: new Date() },
        event: makeEvent(EventTypes.issues.issueDeleted, data, actor),
        result: null,
      };
    });
    if (!deleted) throw notFound('Issue');
    core.outbox.issue(id, deleted.outbox);
    await core.blockers.removeAllOf(id);
  });
}
