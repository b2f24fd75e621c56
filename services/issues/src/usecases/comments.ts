import {
  EventTypes,
  forbidden,
  makeEvent,
  notFound,
  scopeOf,
  type Actor,
  type CommentEventData,
  type Mention,
} from '@momentum/contracts';
import { resolveMentions } from '../domain/mentions.js';
import type { CommentDoc, IssueDoc } from '../store/models.js';
import type { IssuesCore } from './core.js';
import { visibleIssue } from './access.js';
import { mentionable } from './people.js';

/**
 * Comments: anyone who sees the issue may comment; only the comment's author (the user,
 * or the agent for an agent key) may edit or delete it. Each action is an activity entry
 * whose outbox carries the comment event.
 */
export async function addComment(
  core: IssuesCore,
  actor: Actor,
  issueId: string,
  body: string,
): Promise<CommentDoc> {
  const issue = await visibleIssue(core.issues, scopeOf(actor), issueId);
  const mentions = await mentionsIn(core, issue, body);
  const comment = await core.comments.insert({
    issueId,
    body,
    userId: actor.id,
    userType: actor.type,
    mentions,
  });
  await record(
    core,
    actor,
    issue,
    'comment_added',
    null,
    comment._id,
    EventTypes.issues.commentCreated,
    eventData(issue, comment),
  );
  return comment;
}

export async function editComment(
  core: IssuesCore,
  actor: Actor,
  issueId: string,
  commentId: string,
  body: string,
): Promise<CommentDoc> {
  const issue = await visibleIssue(core.issues, scopeOf(actor), issueId);
  await ownComment(core, actor, issueId, commentId);
  const mentions = await mentionsIn(core, issue, body);
  const comment = await core.comments.update(commentId, { body, mentions });
  if (!comment) throw notFound('Comment');
  await record(
    core,
    actor,
    issue,
    'comment_edited',
    comment._id,
    comment._id,
    EventTypes.issues.commentUpdated,
    eventData(issue, comment),
  );
  return comment;
}

export async function deleteComment(
  core: IssuesCore,
  actor: Actor,
  issueId: string,
  commentId: string,
): Promise<void> {
  const issue = await visibleIssue(core.issues, scopeOf(actor), issueId);
  const comment = await ownComment(core, actor, issueId, commentId);
  if (!(await core.comments.remove(issueId, commentId))) throw notFound('Comment');
  const data = eventData(issue, comment);
  delete data.mentions;
  await record(
    core,
    actor,
    issue,
    'comment_deleted',
    comment._id,
    null,
    EventTypes.issues.commentDeleted,
    data,
  );
}

async function ownComment(
  core: IssuesCore,
  actor: Actor,
  issueId: string,
  commentId: string,
): Promise<CommentDoc> {
  const comment = await core.comments.find(issueId, commentId);
  if (!comment) throw notFound('Comment');
  if (comment.userId !== actor.id) throw forbidden('Only the author of a comment can change it');
  return comment;
}

async function mentionsIn(core: IssuesCore, issue: IssueDoc, body: string): Promise<Mention[]> {
  if (!body.includes('@')) return [];
  return resolveMentions(body, await mentionable(core.directory, issue.teamId, core.log));
}

const eventData = (issue: IssueDoc, c: CommentDoc): CommentEventData => ({
  id: c._id,
  issueId: issue._id,
  projectId: issue.projectId,
  userId: c.userId,
  mentions: c.mentions.map((m) => m.id),
});

async function record(
  core: IssuesCore,
  actor: Actor,
  issue: IssueDoc,
  action: 'comment_added' | 'comment_edited' | 'comment_deleted',
  oldValue: string | null,
  newValue: string | null,
  type: string,
  data: CommentEventData,
): Promise<void> {
  const ids = await core.activity.append([
    {
      issueId: issue._id,
      action,
      field: 'comment',
      oldValue,
      newValue,
      userId: actor.id,
      userType: actor.type,
      _outbox: [makeEvent(type, data, actor)],
    },
  ]);
  core.outbox.activity(ids);
}
