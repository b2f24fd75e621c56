// The reply shapes of the issues service (spec §2.3–§2.6); inputs and events are in issues.ts.
import type { IssueStatus, IssuePriority, ActivityAction } from './issues.js';

export interface PersonSummary {
  id: string;
  name: string;
  avatar: string;
}

export interface IssueView {
  id: string;
  projectId: string;
  parentId: string | null;
  identifier: string;
  number: number;
  title: string;
  description: string;
  status: IssueStatus;
  priority: IssuePriority;
  assigneeId: string | null;
  assignee?: PersonSummary;
  labels: string[];
  estimate: number | null;
  dueDate: string | null;
  sortOrder: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** The short form of an issue in blockers and sub-issues. */
export interface IssueSummary {
  id: string;
  identifier: string;
  title: string;
  status: IssueStatus;
}

/** A sub-issue: the summary plus what a parent's checklist shows. */
export interface SubIssueSummary extends IssueSummary {
  priority: IssuePriority;
  assigneeId: string | null;
}

export interface Mention {
  id: string;
  name: string;
  type: 'user' | 'agent';
}

export interface CommentView {
  id: string;
  issueId: string;
  body: string;
  userId: string;
  userType: 'user' | 'agent' | 'system';
  mentions: Mention[];
  createdAt: string;
  updatedAt: string;
}

export interface ActivityView {
  id: string;
  action: ActivityAction;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  userId: string;
  userType: 'user' | 'agent' | 'system';
  createdAt: string;
}

/** A blocker relation; both ends are summarised so one shape serves both lists. */
export interface BlockerView {
  id: string;
  issueId: string;
  blockedById: string;
  createdBy: string;
  createdAt: string;
  /** The blocked issue (`issueId`). */
  issue: IssueSummary;
  /** The blocking issue (`blockedById`). */
  blockedByIssue: IssueSummary;
}

export interface IssueDetailView extends IssueView {
  comments: CommentView[];
  activity: ActivityView[];
  blockedBy: BlockerView[];
  blocking: BlockerView[];
  subIssues: SubIssueSummary[];
}
