import { z } from 'zod';
import { IsoDate, Timestamp, Uuid } from './common.js';
import { ActivityActions, IssuePriorities, IssueStatuses } from './issues.js';

// The reply shapes of the issues service (docs/interface.md §2.3–§2.6); inputs and events
// are in issues.ts. Replies are serialized through these schemas, and the OpenAPI document
// names them.

/** A user or agent as issues show them: the acting id may be a user's or an agent's. */
const actorId = z.string().describe('The acting user or agent (`system` for the platform)');
const actorType = z.enum(['user', 'agent', 'system']);

export const PersonSummary = z
  .object({ id: Uuid, name: z.string(), avatar: z.string().describe('Avatar URL') })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof PersonSummary>;

export const IssueView = z
  .object({
    id: Uuid,
    projectId: Uuid,
    parentId: Uuid.nullable().describe('The parent issue; a child is a sub-issue'),
    identifier: z.string().describe('`<PROJECT_KEY>-<number>`, generated on create'),
    number: z.number().int().min(1),
    title: z.string(),
    description: z.string(),
    status: z.enum(IssueStatuses),
    priority: z.enum(IssuePriorities),
    assigneeId: Uuid.nullable(),
    assignee: PersonSummary.optional(),
    labels: z.array(z.string()),
    estimate: z.number().nullable(),
    dueDate: IsoDate.nullable(),
    sortOrder: z.number(),
    createdBy: actorId,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Issue', description: 'An issue of a project (spec §2.3)' });
export type IssueView = z.infer<typeof IssueView>;

/** The short form of an issue in blockers and sub-issues. */
export const IssueSummary = z
  .object({
    id: Uuid,
    identifier: z.string(),
    title: z.string(),
    status: z.enum(IssueStatuses),
  })
  .meta({ id: 'IssueSummary' });
export type IssueSummary = z.infer<typeof IssueSummary>;

/** A sub-issue: the summary plus what a parent's checklist shows. */
export const SubIssueSummary = IssueSummary.extend({
  priority: z.enum(IssuePriorities),
  assigneeId: Uuid.nullable(),
}).meta({ id: 'SubIssue' });
export type SubIssueSummary = z.infer<typeof SubIssueSummary>;

/** A person following an issue. */
export const WatcherView = z
  .object({ type: z.enum(['user', 'agent']), id: z.string() })
  .meta({ id: 'Watcher' });

export const Mention = z
  .object({ id: Uuid, name: z.string(), type: z.enum(['user', 'agent']) })
  .meta({ id: 'Mention' });
export type Mention = z.infer<typeof Mention>;

export const CommentView = z
  .object({
    id: Uuid,
    issueId: Uuid,
    body: z.string().describe('May mention people as `@<name>`'),
    userId: actorId,
    userType: actorType,
    mentions: z.array(Mention),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Comment', description: 'A comment on an issue (spec §2.4)' });
export type CommentView = z.infer<typeof CommentView>;

export const ActivityView = z
  .object({
    id: Uuid,
    action: z.enum(ActivityActions),
    field: z.string().describe('The changed field'),
    oldValue: z.string().nullable().describe('A description: its first 200 characters, then …'),
    newValue: z.string().nullable().describe('A description: its first 200 characters, then …'),
    oldLength: z
      .number()
      .int()
      .optional()
      .describe('A description change: the full length of the old description'),
    newLength: z
      .number()
      .int()
      .optional()
      .describe('A description change: the full length of the new description'),
    userId: actorId,
    userType: actorType,
    createdAt: Timestamp,
  })
  .meta({ id: 'ActivityEntry', description: 'An entry of the activity timeline (spec §2.5)' });
export type ActivityView = z.infer<typeof ActivityView>;

/** A blocker relation; both ends are summarised so one shape serves both lists. */
export const BlockerView = z
  .object({
    id: Uuid,
    issueId: Uuid.describe('The blocked issue'),
    blockedById: Uuid.describe('The issue that blocks it'),
    createdBy: actorId,
    createdAt: Timestamp,
    issue: IssueSummary.describe('The blocked issue (`issueId`)'),
    blockedByIssue: IssueSummary.describe('The blocking issue (`blockedById`)'),
  })
  .meta({ id: 'Blocker', description: 'A blocker relation (spec §2.6)' });
export type BlockerView = z.infer<typeof BlockerView>;

export const BlockerLists = z
  .object({
    blockedBy: z.array(BlockerView).describe('Relations whose blocking issue blocks this one'),
    blocking: z.array(BlockerView).describe('Relations in which this issue blocks another'),
  })
  .meta({ id: 'BlockerLists' });

export const IssueDetailView = IssueView.extend({
  comments: z
    .array(CommentView)
    .describe('The newest 50 (or those before `commentsBefore`), oldest first'),
  activity: z
    .array(ActivityView)
    .describe('The newest 100 (or those before `activityBefore`), oldest first'),
  olderComments: z
    .string()
    .nullable()
    .describe('Pass as `commentsBefore` for the comments before these; null: none'),
  olderActivity: z
    .string()
    .nullable()
    .describe('Pass as `activityBefore` for the activity before these; null: none'),
  blockedBy: z.array(BlockerView),
  blocking: z.array(BlockerView),
  subIssues: z.array(SubIssueSummary),
  watchers: z
    .array(WatcherView)
    .describe(
      'Who is told of its comments and status changes: the creator, assignees, commenters and the mentioned, and whoever watches it (PUT /api/tasks/{id}/watch)',
    ),
}).meta({
  id: 'IssueDetail',
  description: 'An issue with its comments, activity, blockers and sub-issues',
});
export type IssueDetailView = z.infer<typeof IssueDetailView>;
