import { Schema, type Connection } from 'mongoose';
import type {
  ActivityAction,
  EventEnvelope,
  IssuePriority,
  IssueStatus,
  Mention,
  Watcher,
} from '@momentum/contracts';
import { uuidv7 } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';
import { CARRIED, CARRIED_SINCE, PENDING_ACTIVITY_INDEX } from './carried-fields.js';

/** Who did something, as activity and comments record it. */
export type ActorType = 'user' | 'agent' | 'system';

/** The assignee's name and avatar as last seen; shown when the directory cannot answer. */
export interface AssigneeSnapshot {
  id: string;
  name: string;
  avatar: string;
  /** A user or an agent (absent on snapshots taken before it was kept: a user). */
  type?: Watcher['type'];
}

export interface IssueDoc extends CarriedActivity {
  _id: string;
  projectId: string;
  /** The project's team, copied so visibility is one indexed equality. */
  teamId: string;
  number: number;
  identifier: string;
  parentId: string | null;
  title: string;
  /** Title folded for case- and accent-insensitive sorting. */
  titleSort: string;
  description: string;
  status: IssueStatus;
  statusRank: number;
  priority: IssuePriority;
  priorityRank: number;
  assigneeId: string | null;
  assignee: AssigneeSnapshot | null;
  labels: string[];
  estimate: number | null;
  dueDate: string | null;
  sortOrder: number;
  searchKeys: string[];
  createdBy: string;
  /**
   * Who is told of its comments and status changes (the notifications service, from the
   * events): the creator, assignees, commenters and the mentioned, and whoever asked.
   * Absent on issues written before watchers existed.
   */
  watchers?: Watcher[];
  /** Rises by one with every write; the events carry it (IssueEventData). */
  version: number;
  /** The write guard of updateWithRevision: rises with every write decided on a read. */
  rev: number;
  /** Set by DELETE: the issue is hidden everywhere, and kept so its deleted event can ride the outbox. */
  deletedAt?: Date | null;
  _outbox: EventEnvelope[];
  createdAt: Date;
  /** Set by each write, later than the one before (see IssueStore.change). */
  updatedAt: Date;
}

/**
 * A comment. A deleted one is kept, marked, so the write that deletes it can carry its
 * event.
 */
export interface CommentDoc extends CarriedActivity {
  _id: string;
  issueId: string;
  body: string;
  userId: string;
  userType: ActorType;
  mentions: Mention[];
  deletedAt?: Date | null;
  _outbox: EventEnvelope[];
  createdAt: Date;
  updatedAt: Date;
}

/** A comment as read: without the events its outbox held. */
export type CommentEntry = Omit<CommentDoc, '_outbox' | keyof CarriedActivity>;

/**
 * Activity is append-only in its own collection: concurrent writers each insert their own
 * entries, so none is lost. The events of the changes they record ride in the changed
 * document's `_outbox` (issue, comment, blocker); entries written before that may still
 * carry some in theirs.
 */
export interface ActivityDoc {
  _id: string;
  issueId: string;
  action: ActivityAction;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  /** A description change: the full lengths (the values are bounded, domain/activity.ts). */
  oldLength?: number;
  newLength?: number;
  userId: string;
  userType: ActorType;
  _outbox?: EventEnvelope[];
  createdAt: Date;
}

/** An activity entry as read: without the events its outbox held. */
export type ActivityEntry = Omit<ActivityDoc, '_outbox'>;

/**
 * "issueId is blocked by blockedById". A removed relation is kept, marked, so the write
 * that removes it can carry its event; adding the pair again revives it.
 */
export interface BlockerDoc extends CarriedActivity {
  _id: string;
  issueId: string;
  blockedById: string;
  createdBy: string;
  removedAt?: Date | null;
  _outbox: EventEnvelope[];
  createdAt: Date;
}

/** The issues' view of a project, fed by project events and lookups. */
export interface ProjectDoc {
  _id: string;
  teamId: string;
  key: string;
  name: string;
  /** occurredAt of the newest event applied; older events are ignored. */
  eventAt: Date;
}

/** The last issue number handed out in a project (`_id` is the project's id). */
export interface CounterDoc {
  _id: string;
  seq: number;
}

/**
 * What one account holds of a kind (`_id` `<kind>:<accountId>`, e.g. `issues:<id>`), kept
 * with its writes by account-quotas.ts: a quota's check is one guarded `$inc`, not a count.
 */
export interface AccountCountDoc {
  _id: string;
  count: number;
}

/**
 * Activity entries a write carries until the log has them (activity-store.ts), on the
 * issue, comment or blocker relation it wrote; never part of a reply.
 */
export interface CarriedActivity {
  _activity?: ActivityEntry[];
  _activitySince?: Date;
}

/** The carried entries' fields, on each carrier's schema. */
const carried = {
  [CARRIED]: { type: Schema.Types.Mixed, default: undefined },
  [CARRIED_SINCE]: { type: Date, default: undefined },
};

/** The activity's assignee changes, by whom they unassigned and whom they assigned. */
const ASSIGNMENT_INDEXES = [
  ['assigned_from', 'oldValue'],
  ['assigned_to', 'newValue'],
] as const;

/**
 * Indexes an earlier version declared, dropped at start (each costs entries on every write):
 * the activity's `{field, oldValue}` and `{field, newValue}` held every change's values,
 * titles and descriptions included; assigned_from and assigned_to hold assignments only.
 */
export const RETIRED_ACTIVITY_INDEXES = ['field_1_oldValue_1', 'field_1_newValue_1'] as const;

/** Time-ordered ids, so entries made in one millisecond keep their order. */
const id = { type: String, default: () => uuidv7() };
const str = { type: String, required: true };
const nullableStr = { type: String, default: null };
const revision = { type: Number, default: 0 };
/** Free-form arrays (outbox envelopes, mentions); shapes are fixed by the TS interfaces. */
const mixedList = { type: Schema.Types.Mixed, default: () => [] };

/**
 * The indexes of the issue lists and lookups, each list's equality fields first, then its
 * sort with `_id` breaking ties (listSort in issue-lists.ts), so an index hands a page over
 * in order instead of the engine sorting what matched. `deletedAt` is left to the page's
 * filter (deleted issues are few); a list's total is counted from an index that holds every
 * field its filter names, so counting reads index entries, never the issues themselves.
 */
export const issueIndexes: [Record<string, 1 | -1>, { unique?: boolean }?][] = [
  // Identifiers: one number per project.
  [{ projectId: 1, number: 1 }, { unique: true }],
  // Totals of a project's lists and of a team's (listFilter: team, not deleted, statuses).
  [{ projectId: 1, teamId: 1, deletedAt: 1, status: 1 }],
  [{ teamId: 1, deletedAt: 1, status: 1 }],
  // A project's lists, by every sort the API offers (either direction).
  [{ projectId: 1, createdAt: 1, _id: 1 }],
  [{ projectId: 1, updatedAt: 1, _id: 1 }],
  [{ projectId: 1, priorityRank: 1, _id: 1 }],
  // A board's column: one status of a project by priority (equality, then the sort), read
  // in order and stopped at the page; by the index above, a fifth of the rows matched.
  [{ projectId: 1, status: 1, priorityRank: 1, _id: 1 }],
  [{ projectId: 1, statusRank: 1, _id: 1 }],
  [{ projectId: 1, dueDate: 1, _id: 1 }],
  [{ projectId: 1, number: 1, _id: 1 }],
  [{ projectId: 1, sortOrder: 1, _id: 1 }],
  [{ projectId: 1, titleSort: 1, _id: 1 }],
  // A project's issues in id order, deleted ones too (counts rebuilds read them in pages).
  [{ projectId: 1, _id: 1 }],
  // Lists over all the caller's teams (any filter: the teams lead), by every sort the API
  // offers, as a project's are; without them such a page was sorted in memory.
  [{ teamId: 1, createdAt: 1, _id: 1 }],
  [{ teamId: 1, updatedAt: 1, _id: 1 }],
  [{ teamId: 1, priorityRank: 1, _id: 1 }],
  [{ teamId: 1, statusRank: 1, _id: 1 }],
  [{ teamId: 1, dueDate: 1, _id: 1 }],
  [{ teamId: 1, number: 1, _id: 1 }],
  [{ teamId: 1, sortOrder: 1, _id: 1 }],
  [{ teamId: 1, titleSort: 1, _id: 1 }],
  // An issue by its identifier (`GET /api/tasks/ENG-12`), within the caller's teams.
  [{ identifier: 1, teamId: 1 }],
  // Someone's issues; sub-issues of a parent (the issue page, `parentId=`); labels (`$all`).
  [{ assigneeId: 1, createdAt: 1, _id: 1 }],
  // A person's export and erasure (store/personal-data.ts): what they created, what they
  // watch. Rare queries, kept because their keys are written once an issue (a watch list
  // changes seldom) and without them each erasure reads every issue.
  [{ createdBy: 1 }],
  [{ 'watchers.id': 1 }],
  [{ parentId: 1, createdAt: 1, _id: 1 }],
  [{ labels: 1, teamId: 1 }],
  // Search: equality on normalized keys (multikey), then the whole scope, newest first. The
  // scope's every field is a key, so a search's capped count reads index entries only.
  [{ searchKeys: 1, teamId: 1, deletedAt: 1, _id: 1 }],
  [{ searchKeys: 1, projectId: 1, teamId: 1, deletedAt: 1, _id: 1 }],
];

function issueSchema() {
  const s = new Schema<IssueDoc>(
    {
      _id: str,
      projectId: str,
      teamId: str,
      number: { type: Number, required: true },
      identifier: str,
      parentId: nullableStr,
      title: str,
      titleSort: str,
      description: { type: String, default: '' },
      status: str,
      statusRank: { type: Number, required: true },
      priority: str,
      priorityRank: { type: Number, required: true },
      assigneeId: nullableStr,
      assignee: { type: Schema.Types.Mixed, default: null },
      labels: { type: [String], default: [] },
      estimate: { type: Number, default: null },
      dueDate: nullableStr,
      sortOrder: { type: Number, default: 0 },
      searchKeys: { type: [String], default: [] },
      createdBy: str,
      watchers: mixedList,
      version: { type: Number, default: 1 },
      rev: revision,
      deletedAt: { type: Date, default: null },
      _outbox: mixedList,
      ...carried,
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    // The store sets both times itself: each write's `updatedAt` must follow the one it
    // read (IssueStore.change), which mongoose's own timestamps would overwrite.
    { ...baseSchemaOptions, timestamps: false },
  );
  for (const [keys, options] of issueIndexes) s.index(keys, options);
  s.index(PENDING_ACTIVITY_INDEX.keys, PENDING_ACTIVITY_INDEX.options);
  return s;
}

export function issuesModels(db: Connection) {
  const comments = new Schema<CommentDoc>(
    {
      _id: id,
      issueId: str,
      body: str,
      userId: str,
      userType: str,
      mentions: mixedList,
      deletedAt: { type: Date, default: null },
      _outbox: mixedList,
      ...carried,
    },
    baseSchemaOptions,
  );
  // An issue's comments, oldest first (the issue page).
  comments.index({ issueId: 1, createdAt: 1, _id: 1 });
  // A person's export and erasure: what they wrote, where they are mentioned (keys written
  // once a comment; without them each erasure reads every comment).
  comments.index({ userId: 1 });
  comments.index({ 'mentions.id': 1 });
  comments.index(PENDING_ACTIVITY_INDEX.keys, PENDING_ACTIVITY_INDEX.options);

  const activity = new Schema<ActivityDoc>(
    {
      _id: id,
      issueId: str,
      action: str,
      field: str,
      oldValue: nullableStr,
      newValue: nullableStr,
      oldLength: { type: Number, default: undefined },
      newLength: { type: Number, default: undefined },
      userId: str,
      userType: str,
      _outbox: { type: Schema.Types.Mixed, default: undefined },
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  // An issue's activity, oldest first (the issue page).
  activity.index({ issueId: 1, createdAt: 1, _id: 1 });
  // A person's erasure (store/personal-data.ts): what they did, re-attributed. Activity is
  // the largest collection and append-only: an entry's key is written once, and without it
  // each erasure would read every entry.
  activity.index({ userId: 1 });
  // The erasure's renaming of assignee changes that named them: partial, so only assignment
  // entries are indexed, never the titles and descriptions other changes record.
  for (const [name, field] of ASSIGNMENT_INDEXES)
    activity.index({ [field]: 1 }, { name, partialFilterExpression: { field: 'assigneeId' } });

  const blockers = new Schema<BlockerDoc>(
    {
      _id: id,
      issueId: str,
      blockedById: str,
      createdBy: str,
      removedAt: { type: Date, default: null },
      _outbox: mixedList,
      ...carried,
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  // The pair is unique by `_id` (domain/ids.ts blockerId). Both sides of an issue's
  // relations, oldest first; the first also serves the cycle search's edges.
  blockers.index({ issueId: 1, createdAt: 1 });
  blockers.index({ blockedById: 1, createdAt: 1 });
  // A person's erasure: the relations they made (written once a relation).
  blockers.index({ createdBy: 1 });
  blockers.index(PENDING_ACTIVITY_INDEX.keys, PENDING_ACTIVITY_INDEX.options);

  const projects = new Schema<ProjectDoc>(
    { _id: str, teamId: str, key: str, name: str, eventAt: { type: Date, required: true } },
    { versionKey: false },
  );

  const counters = new Schema<CounterDoc>(
    { _id: str, seq: { type: Number, default: 0 } },
    { versionKey: false },
  );

  const accountCounts = new Schema<AccountCountDoc>(
    { _id: str, count: { type: Number, default: 0 } },
    { versionKey: false },
  );

  /*
   * A second app on the same connection (tests, restarts) reuses the compiled models. Each
   * call names its document type concretely: a generic `Model<T>` helper makes tsc compare
   * mongoose's deferred generic types structurally, which exhausted memory.
   */
  const reuse = <M>(name: string, make: () => M): M => (db.models[name] as M | undefined) ?? make();
  return {
    Issue: reuse('Issue', () => db.model<IssueDoc>('Issue', issueSchema(), 'issues')),
    Comment: reuse('Comment', () => db.model<CommentDoc>('Comment', comments, 'comments')),
    Activity: reuse('Activity', () => db.model<ActivityDoc>('Activity', activity, 'activity')),
    Blocker: reuse('Blocker', () => db.model<BlockerDoc>('Blocker', blockers, 'blockers')),
    Project: reuse('Project', () => db.model<ProjectDoc>('Project', projects, 'projects')),
    Counter: reuse('Counter', () => db.model<CounterDoc>('Counter', counters, 'issue_counters')),
    AccountCount: reuse('AccountCount', () =>
      db.model<AccountCountDoc>('AccountCount', accountCounts, 'account_counts'),
    ),
  };
}
export type IssuesModels = ReturnType<typeof issuesModels>;
