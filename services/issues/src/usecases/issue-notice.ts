import type { IssueEventData, Watcher } from '@momentum/contracts';
import type { IssueDoc } from '../store/models.js';
import type { IssuesDeps } from '../deps.js';
import { isClosed, newlyMentioned, withWatchers } from '../domain/watchers.js';
import { mentionsInText } from './people.js';

type Notice = Pick<
  IssueEventData,
  'assignee' | 'previousAssignee' | 'previousStatus' | 'mentioned' | 'unblocked'
> & { watchers: Watcher[] };

const asWatcher = (a: IssueDoc['assignee']): Watcher | null =>
  a ? { type: a.type ?? 'user', id: a.id } : null;

/**
 * What an update's event tells the notifications service: the assignee before and after, the
 * status before, who the new description mentions that the old did not, the watchers after
 * (a new assignee and the newly mentioned join; the same array when nobody did), and the
 * issues this change leaves with no open blocker.
 */
export async function noticeOf(
  deps: IssuesDeps,
  current: IssueDoc,
  set: Partial<IssueDoc>,
): Promise<Notice> {
  const notice: Notice = { watchers: current.watchers ?? [] };
  const joining: Watcher[] = [];
  if ('assigneeId' in set) {
    notice.previousAssignee = asWatcher(current.assignee ?? null);
    notice.assignee = asWatcher(set.assignee ?? null);
    if (notice.assignee) joining.push(notice.assignee);
  } else notice.assignee = asWatcher(current.assignee ?? null);
  if (set.status && set.status !== current.status) notice.previousStatus = current.status;
  if (set.description !== undefined && set.description.includes('@')) {
    const [before, after] = await Promise.all([
      mentionsInText(deps, current.teamId, current.description),
      mentionsInText(deps, current.teamId, set.description),
    ]);
    notice.mentioned = newlyMentioned(before, after).map(({ type, id }) => ({ type, id }));
    joining.push(...notice.mentioned);
  }
  if (joining.length) {
    const next = withWatchers(notice.watchers, joining);
    if (next.length !== notice.watchers.length) notice.watchers = next;
  }
  if (set.status && isClosed(set.status) && !isClosed(current.status)) {
    const unblocked = await unblockedBy(deps, current._id);
    if (unblocked.length) notice.unblocked = unblocked;
  }
  return notice;
}

/**
 * The live issues blocked by `closingId` whose every other blocker is closed: closing it
 * leaves them free. Read before the write that closes it, so a blocker closed at the same
 * moment elsewhere may be missed by both (the issue then says nothing; no one is told twice).
 */
async function unblockedBy(
  deps: IssuesDeps,
  closingId: string,
): Promise<NonNullable<IssueEventData['unblocked']>> {
  const { blocking } = await deps.blockers.of(closingId);
  const out: NonNullable<IssueEventData['unblocked']> = [];
  for (const relation of blocking.slice(0, 50)) {
    const blocked = await deps.issues.load(relation.issueId);
    if (!blocked || blocked.deletedAt || isClosed(blocked.status)) continue;
    const { blockedBy } = await deps.blockers.of(blocked._id);
    const others = blockedBy.map((b) => b.blockedById).filter((id) => id !== closingId);
    const open = await Promise.all(others.map((id) => deps.issues.load(id)));
    if (open.some((o) => o && !o.deletedAt && !isClosed(o.status))) continue;
    out.push({
      id: blocked._id,
      projectId: blocked.projectId,
      teamId: blocked.teamId,
      identifier: blocked.identifier,
      title: blocked.title,
      watchers: blocked.watchers ?? [],
    });
  }
  return out;
}
