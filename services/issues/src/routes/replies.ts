import {
  cappedTotal,
  pageMeta,
  type ActivityView,
  type BlockerView,
  type CommentView,
  type IssueDetailView,
  type IssueSummary,
  type IssueView,
  type PersonSummary,
  type SubIssueSummary,
} from '@momentum/contracts';
import type { ActivityEntry, BlockerDoc, CommentEntry, IssueDoc } from '../store/models.js';
import type { IssueDetail } from '../usecases/read-issues.js';

export function issueView(d: IssueDoc, assignee?: PersonSummary): IssueView {
  return {
    id: d._id,
    projectId: d.projectId,
    parentId: d.parentId ?? null,
    identifier: d.identifier,
    number: d.number,
    title: d.title,
    description: d.description ?? '',
    status: d.status,
    priority: d.priority,
    assigneeId: d.assigneeId ?? null,
    ...(d.assigneeId && assignee ? { assignee } : {}),
    labels: d.labels ?? [],
    estimate: d.estimate ?? null,
    dueDate: d.dueDate ?? null,
    sortOrder: d.sortOrder,
    createdBy: d.createdBy,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export const issueSummary = (
  d: Pick<IssueDoc, '_id' | 'identifier' | 'title' | 'status'>,
): IssueSummary => ({
  id: d._id,
  identifier: d.identifier,
  title: d.title,
  status: d.status,
});

export const subIssueView = (
  d: Pick<IssueDoc, '_id' | 'identifier' | 'title' | 'status' | 'priority' | 'assigneeId'>,
): SubIssueSummary => ({
  ...issueSummary(d),
  priority: d.priority,
  assigneeId: d.assigneeId ?? null,
});

export const commentView = (c: CommentEntry): CommentView => ({
  id: c._id,
  issueId: c.issueId,
  body: c.body,
  userId: c.userId,
  userType: c.userType,
  mentions: c.mentions ?? [],
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const activityView = (a: ActivityEntry): ActivityView => ({
  id: a._id,
  action: a.action,
  field: a.field,
  oldValue: a.oldValue ?? null,
  newValue: a.newValue ?? null,
  ...(a.oldLength !== undefined ? { oldLength: a.oldLength } : {}),
  ...(a.newLength !== undefined ? { newLength: a.newLength } : {}),
  userId: a.userId,
  userType: a.userType,
  createdAt: a.createdAt.toISOString(),
});

/** Blocker relations whose both ends the caller can see (others are left out). */
export function blockerViews(
  relations: readonly BlockerDoc[],
  issues: ReadonlyMap<string, IssueDoc>,
): BlockerView[] {
  const out: BlockerView[] = [];
  for (const r of relations) {
    const issue = issues.get(r.issueId);
    const blockedBy = issues.get(r.blockedById);
    if (issue && blockedBy) out.push(blockerView(r, issue, blockedBy));
  }
  return out;
}

export const blockerView = (r: BlockerDoc, issue: IssueDoc, blockedBy: IssueDoc): BlockerView => ({
  id: r._id,
  issueId: r.issueId,
  blockedById: r.blockedById,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  issue: issueSummary(issue),
  blockedByIssue: issueSummary(blockedBy),
});

/** A list or search page in the tasks' paging shape. */
export function issuePageView(
  page: {
    docs: IssueDoc[];
    people: Map<string, PersonSummary>;
    total: number;
    nextCursor?: string | null;
  },
  q: { page: number; limit: number },
) {
  return {
    data: page.docs.map((d) =>
      issueView(d, d.assigneeId ? page.people.get(d.assigneeId) : undefined),
    ),
    // The list's cursor; search pages by `page` (it ranks at most 1,000 matches).
    meta: pageMeta(cappedTotal(page.total), q, page.nextCursor),
  };
}

export function issueDetailView(d: IssueDetail): IssueDetailView {
  return {
    ...issueView(d.doc, d.doc.assigneeId ? d.people.get(d.doc.assigneeId) : undefined),
    comments: d.comments.map(commentView),
    activity: d.activity.map(activityView),
    olderComments: d.olderComments,
    olderActivity: d.olderActivity,
    blockedBy: blockerViews(d.blockedBy, d.related),
    blocking: blockerViews(d.blocking, d.related),
    subIssues: d.subIssues.map(subIssueView),
    watchers: (d.doc.watchers ?? []).map((w) => ({ type: w.type, id: w.id })),
  };
}
