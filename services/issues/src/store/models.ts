import { Schema, type Connection } from 'mongoose';
import type {
  ActivityAction,
  EventEnvelope,
  IssuePriority,
  IssueStatus,
  Mention,
} from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/service-kit';
import { uuidv7 } from '../domain/ids.js';

/** Who did something, as activity and comments record it. */
export type ActorType = 'user' | 'agent' | 'system';

/** The assignee's name and avatar as last seen; shown when the directory cannot answer. */
export interface AssigneeSnapshot {
  id: string;
  name: string;
  avatar: string;
}

export interface IssueDoc {
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
  version: number;
  /** Set by DELETE: the issue is hidden everywhere, and kept so its deleted event can ride the outbox. */
  deletedAt?: Date | null;
  /** Where the issue sits in its project's feed (issue-feed.ts); absent on older issues. */
  feedSeq?: number;
  _outbox: EventEnvelope[];
  createdAt: Date;
  updatedAt: Date;
}

export interface CommentDoc {
  _id: string;
  issueId: string;
  body: string;
  userId: string;
  userType: ActorType;
  mentions: Mention[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Activity is append-only in its own collection: inserts never race, whereas concurrent
 * updates of one document can lose writes on FerretDB. Events that are not issue writes
 * (comments, blockers) ride in the `_outbox` of the entry that records them.
 */
export interface ActivityDoc {
  _id: string;
  issueId: string;
  action: ActivityAction;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  userId: string;
  userType: ActorType;
  _outbox: EventEnvelope[];
  createdAt: Date;
}

/** An activity entry as read: without the events its outbox held. */
export type ActivityEntry = Omit<ActivityDoc, '_outbox'>;

export interface BlockerDoc {
  _id: string;
  issueId: string;
  blockedById: string;
  createdBy: string;
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

/** A hint for the next issue number of a project (see domain/identifier.ts). */
export interface CounterDoc {
  _id: string;
  seq: number;
}

/** One claimed issue number: `<projectId>:<number>`, unique by `_id`. */
export interface NumberClaimDoc {
  _id: string;
}

/** Time-ordered ids, so entries made in one millisecond keep their order. */
const id = { type: String, default: () => uuidv7() };
const str = { type: String, required: true };
const nullableStr = { type: String, default: null };
/** Free-form arrays (outbox envelopes, mentions); shapes are fixed by the TS interfaces. */
const mixedList = { type: Schema.Types.Mixed, default: () => [] };

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
      version: { type: Number, default: 1 },
      deletedAt: { type: Date, default: null },
      feedSeq: { type: Number, default: undefined },
      _outbox: mixedList,
    },
    baseSchemaOptions,
  );
  s.index({ projectId: 1, number: 1 }, { unique: true });
  // Lists: scoped by team or project, then the common sorts and filters.
  s.index({ teamId: 1, createdAt: -1 });
  s.index({ teamId: 1, updatedAt: -1 });
  s.index({ projectId: 1, createdAt: -1 });
  s.index({ projectId: 1, updatedAt: -1 });
  s.index({ projectId: 1, statusRank: 1, createdAt: -1 });
  s.index({ projectId: 1, priorityRank: -1, createdAt: -1 });
  s.index({ assigneeId: 1, createdAt: -1 });
  s.index({ parentId: 1, createdAt: 1 });
  s.index({ labels: 1 });
  // Search: equality on normalized keys (multikey), narrowed by team.
  s.index({ searchKeys: 1, teamId: 1 });
  return s;
}

export function issuesModels(db: Connection) {
  const comments = new Schema<CommentDoc>(
    { _id: id, issueId: str, body: str, userId: str, userType: str, mentions: mixedList },
    baseSchemaOptions,
  );
  comments.index({ issueId: 1, createdAt: 1 });

  const activity = new Schema<ActivityDoc>(
    {
      _id: id,
      issueId: str,
      action: str,
      field: str,
      oldValue: nullableStr,
      newValue: nullableStr,
      userId: str,
      userType: str,
      _outbox: mixedList,
    },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  activity.index({ issueId: 1, createdAt: 1 });

  const blockers = new Schema<BlockerDoc>(
    { _id: id, issueId: str, blockedById: str, createdBy: str },
    { ...baseSchemaOptions, timestamps: { createdAt: true, updatedAt: false } },
  );
  // The pair is unique by `_id` already (domain/ids.ts blockerId); the unique index stays as it
  // was declared, so existing databases need no index change.
  blockers.index({ issueId: 1, blockedById: 1 }, { unique: true });
  blockers.index({ blockedById: 1 });

  const projects = new Schema<ProjectDoc>(
    { _id: str, teamId: str, key: str, name: str, eventAt: { type: Date, required: true } },
    { versionKey: false },
  );

  const counters = new Schema<CounterDoc>(
    { _id: str, seq: { type: Number, default: 0 } },
    { versionKey: false },
  );
  const claims = new Schema<NumberClaimDoc>({ _id: str }, { versionKey: false });

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
    NumberClaim: reuse('NumberClaim', () =>
      db.model<NumberClaimDoc>('NumberClaim', claims, 'issue_number_claims'),
    ),
  };
}
export type IssuesModels = ReturnType<typeof issuesModels>;
