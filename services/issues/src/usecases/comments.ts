import {
  EventTypes,
  forbidden,
  notFound,
  scopeOf,
  type Actor,
  type CommentEventData,
  type Mention,
  type Watcher,
  uuidv7,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { excerptOf, newlyMentioned, watcherOf } from '../domain/watchers.js';
import { joinWatchers } from './watchers.js';
import type { CommentEntry, IssueDoc } from '../store/models.js';
import type { IssuesDeps } from '../deps.js';
import { recordCarried } from './carried-activity.js';
import type { NewActivity } from '../store/activity-store.js';
import { visibleIssue } from './access.js';
import { mentionsInText } from './people.js';
import { withinQuota } from './account-quota.js';

type CommentAction = 'comment_added' | 'comment_edited' | 'comment_deleted';

/**
 * Comments: anyone who sees the issue may comment; only the comment's author (the user,
 * or the agent for an agent key) may edit or delete it. Each action is one write of the
 * comment with its event in the comment's outbox and its activity entry carried by the
 * same write (recorded right after, or by the recovery: activity-store.ts).
 */
export async function addComment(
  deps: IssuesDeps,
  actor: Actor,
  issueId: string,
  body: string,
): Promise<CommentEntry> {
  const issue = await visibleIssue(deps.issues, scopeOf(actor), issueId);
  const mentions = await mentionsIn(deps, issue, body);
  const mentioned = mentions.map(({ type, id }) => ({ type, id }));
  const watchers = await joinWatchers(
    deps,
    issueId,
    [watcherOf(actor), ...mentioned],
    issue.watchers ?? [],
  );
  const fields = { _id: uuidv7(), issueId, body, userId: actor.id, userType: actor.type, mentions };
  const notice = { actor, body, mentioned, watchers };
  const { comment, activity } = await withinQuota(deps, 'comments', actor.id, () =>
    deps.comments.insert(
      fields,
      makeEvent(EventTypes.issues.commentCreated, eventData(issue, fields, notice), actor),
      entry(actor, issue, 'comment_added', null, fields._id),
    ),
  );
  deps.outbox.comment(comment._id);
  await recordCarried(deps, 'comment', comment._id, activity);
  return comment;
}

export async function editComment(
  deps: IssuesDeps,
  actor: Actor,
  issueId: string,
  commentId: string,
  body: string,
): Promise<CommentEntry> {
  const issue = await visibleIssue(deps.issues, scopeOf(actor), issueId);
  const own = await ownComment(deps, actor, issueId, commentId);
  const mentions = await mentionsIn(deps, issue, body);
  const mentioned = newlyMentioned(own.mentions, mentions).map(({ type, id }) => ({ type, id }));
  const watchers = await joinWatchers(deps, issueId, mentioned, issue.watchers ?? []);
  const event = makeEvent(
    EventTypes.issues.commentUpdated,
    eventData(issue, { ...own, mentions }, { actor, body, mentioned, watchers }),
    actor,
  );
  // The filter names the author: a comment deleted meanwhile is not found.
  const written = await deps.comments.update(
    issueId,
    commentId,
    actor.id,
    { body, mentions },
    event,
    entry(actor, issue, 'comment_edited', commentId, commentId),
  );
  if (!written) throw notFound('Comment');
  deps.outbox.comment(commentId);
  await recordCarried(deps, 'comment', commentId, written.activity);
  return written.comment;
}

export async function deleteComment(
  deps: IssuesDeps,
  actor: Actor,
  issueId: string,
  commentId: string,
): Promise<void> {
  const issue = await visibleIssue(deps.issues, scopeOf(actor), issueId);
  const comment = await ownComment(deps, actor, issueId, commentId);
  const data = eventData(issue, comment);
  delete data.mentions;
  const event = makeEvent(EventTypes.issues.commentDeleted, data, actor);
  // Of two deletions at once, one finds the comment still there.
  const activity = await deps.comments.remove(
    issueId,
    commentId,
    actor.id,
    event,
    entry(actor, issue, 'comment_deleted', comment._id, null),
  );
  if (!activity) throw notFound('Comment');
  // The filter named the author, and only one deletion writes: their slot, given back once.
  await deps.counts.give('comments', actor.id);
  deps.outbox.comment(commentId);
  await recordCarried(deps, 'comment', commentId, activity);
}

async function ownComment(
  deps: IssuesDeps,
  actor: Actor,
  issueId: string,
  commentId: string,
): Promise<CommentEntry> {
  const comment = await deps.comments.find(issueId, commentId);
  if (!comment) throw notFound('Comment');
  if (comment.userId !== actor.id) throw forbidden('Only the author of a comment can change it');
  return comment;
}

const mentionsIn = (deps: IssuesDeps, issue: IssueDoc, body: string): Promise<Mention[]> =>
  mentionsInText(deps, issue.teamId, body);

/** What the notifications service needs of a comment's event besides its identity. */
interface CommentNotice {
  actor: Actor;
  body: string;
  mentioned: Watcher[];
  watchers: Watcher[];
}

const eventData = (
  issue: IssueDoc,
  c: Pick<CommentEntry, '_id' | 'userId' | 'mentions'>,
  notice?: CommentNotice,
): CommentEventData => ({
  id: c._id,
  issueId: issue._id,
  projectId: issue.projectId,
  userId: c.userId,
  mentions: c.mentions.map((m) => m.id),
  teamId: issue.teamId,
  identifier: issue.identifier,
  issueTitle: issue.title,
  ...(notice
    ? {
        actorName: notice.actor.name,
        mentioned: notice.mentioned,
        excerpt: excerptOf(notice.body),
        watchers: notice.watchers,
      }
    : {}),
});

/** The activity entry a comment's write carries. */
function entry(
  actor: Actor,
  issue: IssueDoc,
  action: CommentAction,
  oldValue: string | null,
  newValue: string | null,
): NewActivity[] {
  return [
    {
      issueId: issue._id,
      action,
      field: 'comment',
      oldValue,
      newValue,
      userId: actor.id,
      userType: actor.type,
    },
  ];
}
