import { z } from 'zod';
import { IsoDate, PageQuery, Uuid, sortParam } from './common.js';
import { documentAs } from './documentation.js';
import { AfterQuery } from './list-cursor.js';

// Issue, comment, activity and blocker schemas (owned by the issues service):
// docs/interface.md §2.3–§2.6, §4.3–§4.5, §7. Cross-service pieces (statuses, priorities,
// event data, issue states) are fixed below; other services depend on them.

export const IssueStatuses = [
  'backlog',
  'todo',
  'in_progress',
  'in_review',
  'done',
  'cancelled',
] as const;
export type IssueStatus = (typeof IssueStatuses)[number];
export const IssuePriorities = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type IssuePriority = (typeof IssuePriorities)[number];

/** Defaults on create (the spec leaves them open): new work lands in the backlog, unprioritised. */
export const DEFAULT_ISSUE_STATUS: IssueStatus = 'backlog';
export const DEFAULT_ISSUE_PRIORITY: IssuePriority = 'none';

/**
 * Data of `issues.issue.created` / `issues.issue.updated`. `version` rises by one with
 * every write of the issue, so a read model keeps the highest version it has seen and a
 * redelivered or reordered event never counts twice.
 */
export interface IssueEventData {
  id: string;
  projectId: string;
  identifier: string;
  status: IssueStatus;
  version: number;
  /** Field names that changed (updated events). */
  changed?: string[];
  // What the notifications service tells people from (added later: optional, so events
  // written before them still read).
  /** The project's team. */
  teamId?: string;
  title?: string;
  /** The acting person's name when the event was written. */
  actorName?: string;
  /** The assignee after the write, and before it when the write changed it. */
  assignee?: Watcher | null;
  previousAssignee?: Watcher | null;
  /** The status before the write, when the write changed it. */
  previousStatus?: IssueStatus;
  /** People newly @mentioned in the description by this write. */
  mentioned?: Watcher[];
  /** Who watches the issue after the write. */
  watchers?: Watcher[];
  /**
   * Issues whose last open blocker this write finished (status done or cancelled): each
   * with its team and watchers, so the unblocked are told without asking back.
   */
  unblocked?: UnblockedIssue[];
}

/** A person who follows an issue: told of its comments and status changes. */
export interface Watcher {
  type: 'user' | 'agent';
  id: string;
}

export interface UnblockedIssue {
  id: string;
  projectId: string;
  teamId: string;
  identifier: string;
  title: string;
  watchers: Watcher[];
}

/** One row of the issues service's `GET /internal/issue-states?projectId=` (rebuilds). */
export interface IssueState {
  id: string;
  projectId: string;
  status: IssueStatus;
  version: number;
  /** A deleted issue (its tombstone: a late event of it must not count it again). */
  deleted?: true;
}

/** How many issue states `GET /internal/issue-states` returns at most per page. */
export const ISSUE_STATES_PAGE = 1000;

/** Data of the comment events (`issues.comment.*`). */
export interface CommentEventData {
  id: string;
  issueId: string;
  projectId: string;
  userId: string;
  /** Ids of the users and agents mentioned (created/updated). */
  mentions?: string[];
  // For the notifications service (optional: older events lack them).
  teamId?: string;
  identifier?: string;
  issueTitle?: string;
  actorName?: string;
  /** The people mentioned, with their kind (created/updated). */
  mentioned?: Watcher[];
  /** The comment's first 200 characters. */
  excerpt?: string;
  /** Who watches the issue after the comment (its author and the mentioned included). */
  watchers?: Watcher[];
}

/** Data of `issues.blocker.added` / `issues.blocker.removed`. */
export interface BlockerEventData {
  id: string;
  issueId: string;
  blockedById: string;
  projectId: string;
}

/**
 * Activity actions. Field edits are `<field>_changed`; `status_changed` is the spec's
 * example. Comment and blocker entries name the other side in old/newValue.
 */
export const ActivityActions = [
  'created',
  'status_changed',
  'priority_changed',
  'assignee_changed',
  'title_changed',
  'description_changed',
  'labels_changed',
  'estimate_changed',
  'due_date_changed',
  'parent_changed',
  'sort_order_changed',
  'comment_added',
  'comment_edited',
  'comment_deleted',
  'blocker_added',
  'blocker_removed',
  'blocking_added',
  'blocking_removed',
] as const;
export type ActivityAction = (typeof ActivityActions)[number];

// ── Inputs ────────────────────────────────────────────────────────────────────────────

const Title = z.string().trim().min(1).max(200);
const Description = z.string().max(50_000);
/** Labels are trimmed and de-duplicated, keeping their order. */
const Labels = z
  .array(z.string().trim().min(1).max(50))
  .max(50)
  .transform((labels) => [...new Set(labels)]);
const Estimate = z.number().min(0).max(1000);
const SortOrder = z.number().min(-1e12).max(1e12);

/** What an issue is written with: a create names its project and a title, an update any subset. */
const IssueFields = z.strictObject({
  title: Title,
  description: Description.nullable().optional(),
  status: z.enum(IssueStatuses).optional(),
  priority: z.enum(IssuePriorities).optional(),
  assigneeId: Uuid.nullable().optional(),
  labels: Labels.optional(),
  estimate: Estimate.nullable().optional(),
  dueDate: IsoDate.nullable().optional(),
  parentId: Uuid.nullable().optional(),
  sortOrder: SortOrder.optional(),
});

export const CreateIssueBody = z.strictObject({ projectId: Uuid, ...IssueFields.shape });
export type CreateIssueBody = z.output<typeof CreateIssueBody>;

export const UpdateIssueBody = IssueFields.partial();
export type UpdateIssueBody = z.output<typeof UpdateIssueBody>;

/**
 * A comma-separated list of enumerated values (`status=todo,in_progress`); an unknown one
 * is reported like a single enum value: `{ field, value, allowed }`.
 */
const csvEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().transform((raw, ctx) => {
    const parts = splitCsv(raw);
    for (const part of parts) {
      if (!(values as readonly string[]).includes(part)) {
        ctx.addIssue({
          code: 'invalid_value',
          values: [...values],
          input: part,
          message: `must be one of ${values.join(', ')}`,
        });
        return z.NEVER;
      }
    }
    return parts as T[number][];
  });

export const splitCsv = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `none` asks for issues without the reference (unassigned, top-level). */
const idOrNone = Uuid.or(z.literal('none'));

export const IssueSortFields = [
  'createdAt',
  'updatedAt',
  'priority',
  'status',
  'dueDate',
  'identifier',
  'sortOrder',
  'title',
] as const;
export type IssueSortField = (typeof IssueSortFields)[number];

export const ListIssuesQuery = z.strictObject({
  projectId: Uuid.optional(),
  status: csvEnum(IssueStatuses).optional(),
  priority: csvEnum(IssuePriorities).optional(),
  assigneeId: idOrNone.optional(),
  parentId: idOrNone.optional(),
  /** Every listed label must be on the issue (all, not any). */
  labels: z
    .string()
    .transform(splitCsv)
    .pipe(z.array(z.string().max(50)).max(20))
    .optional(),
  sort: sortParam(IssueSortFields, '-createdAt'),
  ...PageQuery,
  after: AfterQuery,
});
export type ListIssuesQuery = z.output<typeof ListIssuesQuery>;

export const SearchIssuesQuery = z.strictObject({
  q: z.string().trim().min(1).max(200),
  projectId: Uuid.optional(),
  ...PageQuery,
});
export type SearchIssuesQuery = z.output<typeof SearchIssuesQuery>;

/**
 * An issue's human identifier as a path may name it: a project key (2–10 letters or digits,
 * starting with a letter, any case) and a number from 1 (`ENG-12`, `eng-12`).
 */
export const ISSUE_IDENTIFIER_PATTERN = /^[A-Za-z][A-Za-z0-9]{1,9}-0*[1-9][0-9]{0,8}$/;
const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether a path value is an issue identifier (as opposed to a UUID or neither). */
export const isIssueIdentifier = (value: string): boolean => ISSUE_IDENTIFIER_PATTERN.test(value);

/**
 * An issue named by its UUID or by its identifier (`ENG-12`, case-insensitive): an alias the
 * issues service resolves within the caller's teams. Anything else is 422.
 */
export const IssueRef = documentAs(
  z.string().refine((v) => UUID_PATTERN.test(v) || isIssueIdentifier(v), {
    message: 'must be a UUID or an issue identifier such as ENG-12',
    params: { rule: 'format', format: 'issue_ref' },
  }),
  {
    type: 'string',
    description: 'The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)',
    pattern: `^(?:${UUID_PATTERN.source.slice(1, -1)}|${ISSUE_IDENTIFIER_PATTERN.source.slice(1, -1)})$`,
    examples: ['ENG-12'],
  },
);

export const IssueParams = z.object({ id: IssueRef });

/** An opaque position in an issue's comments or activity, from a previous page. */
const PageCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'a cursor this API handed out')
  .describe('`olderComments`/`olderActivity` of a previous reply');

/**
 * GET /api/tasks/:id for an issue: its page shows the newest comments and activity; a
 * cursor pages one of them back (docs/API.md "The issue page").
 */
export const IssuePageQuery = z.strictObject({
  commentsBefore: PageCursor.optional(),
  activityBefore: PageCursor.optional(),
});
export type IssuePageQuery = z.output<typeof IssuePageQuery>;
export const IssueRefParams = z.object({ issueId: IssueRef });
export const CommentParams = z.object({ issueId: IssueRef, commentId: Uuid });
/** `blockerId` is the relation id; the blocking issue's id or identifier is accepted too. */
export const BlockerParams = z.object({ issueId: IssueRef, blockerId: IssueRef });

export const CommentBody = z.strictObject({
  body: z
    .string()
    .min(1)
    .max(10_000)
    .refine((b) => b.trim().length > 0, {
      message: 'must not be blank',
      params: { rule: 'min_length', min: 1 },
    }),
});
export type CommentBody = z.output<typeof CommentBody>;

export const AddBlockerBody = z.strictObject({ blockedById: IssueRef });
