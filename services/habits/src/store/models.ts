import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { Difficulty, EventEnvelope, TaskType } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';

export interface TaskDoc {
  _id: string;
  /** The owner: the user, or an agent's owner. */
  userId: string;
  teamId: string | null;
  /** Who created it: the user, or the agent acting for them. */
  createdBy: string;
  type: TaskType;
  title: string;
  /** Lower-cased title: sorting by title without collation. */
  titleKey: string;
  notes: string | null;
  difficulty: Difficulty;
  tags: string[];
  schedule: { days: number[] } | null;
  isPositive: boolean | null;
  streak: number;
  dueDate: string | null;
  archived: boolean;
  /** The completer's day (their time zone) of the last completion. */
  lastCompletedDay: string | null;
  completedAt: Date | null;
  completions: number;
  /** Completions on `lastCompletedDay` (a habit's repeats that day earn less). */
  dayCompletions: number;
  /**
   * Rises with every write: the revision `updateWithRevision` guards a read-decide-write
   * with, and events carry it so consumers can order them.
   */
  rev: number;
  createdAt: Date;
  updatedAt: Date;
  /**
   * XP this task's completions earned that the completer's profile may not hold yet: put
   * here by the completion's own write, taken off once the profile has it
   * (usecases/award-xp.ts). Never part of a reply.
   */
  xpPending?: PendingXp[];
  /** The oldest `xpPending` entry's time, present while there is one: the recovery's index. */
  xpPendingSince?: Date;
  /** Events waiting for the outbox relay; never part of a reply. */
  _outbox?: EventEnvelope[];
}

/** A completion's XP on its way from the task to the completer's profile. */
export interface PendingXp {
  /**
   * What makes applying it idempotent: the completion's `task.completed` event id, a
   * time-ordered uuidv7 (or a new one, when the profile could not judge the first:
   * usecases/award-xp.ts).
   */
  id: string;
  /** Who earned it (the completer) and as whom they acted, for a level's event. */
  actor: { type: 'user' | 'agent' | 'system'; id: string; userId: string };
  xp: number;
  at: Date;
}

export interface ProfileDoc {
  /** The user id. */
  _id: string;
  xp: number;
  /** The highest level announced (leveled_up sent); the level itself derives from xp. */
  level: number;
  /**
   * The levels whose leveled_up event was stored, each once (profile-store.ts
   * announceLevel); absent on profiles older than it, whose announced levels are all at or
   * below `level`.
   */
  announcedLevels?: number[];
  /**
   * Ids of completions whose XP is in `xp`: the newest (time-ordered ids), and any a task
   * still lists as pending; trimmed now and then (store/profile-store.ts applyXp).
   */
  xpApplied?: string[];
  /**
   * The cut of the trims so far: ids below it may have been applied and dropped from
   * `xpApplied`, so the XP write takes none of them (domain/xp-applied.ts). Absent until
   * the first trim.
   */
  xpForgotten?: string;
  timezone: string;
  dayStartHour: number;
  /** The user's day whose missed dailies were last settled. */
  settledDay: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Events waiting for the outbox relay; never part of a reply. */
  _outbox?: EventEnvelope[];
}

export interface CompletionDoc {
  /** `<taskId>:<day>` for a daily, `<taskId>:once` for a to-do (see completion-store.ts). */
  _id: string;
  taskId: string;
  completedBy: string;
  day: string;
  at: Date;
  /** The completion request holding the claim: only it releases the claim. */
  holder?: string;
  /**
   * Until when the claim may still be waiting for its task write (real time); a claim
   * past it whose task never showed the completion was left by a crash and may be taken
   * over (completion-store.ts). Absent on older claims, which never expire.
   */
  expiresAt?: Date;
}

// Timestamps are set by the store, not by mongoose: the outbox relay's `$pull` must not
// move a task's updatedAt.
const options = { ...baseSchemaOptions, timestamps: false as const };

/**
 * Indexes earlier versions declared on `tasks`, dropped at start: `owner_dailies`
 * (`{userId, type, streak}`) served what `owner_type_list`'s prefix serves, and cost an
 * entry rewrite on every completion.
 */
export const RETIRED_TASK_INDEXES = ['owner_dailies'] as const;

export function habitsModels(db: Connection) {
  const tasks = new Schema<TaskDoc>(
    {
      _id: { type: String, default: () => randomUUID() },
      userId: { type: String, required: true },
      teamId: { type: String, default: null },
      createdBy: { type: String, required: true },
      type: { type: String, required: true },
      title: { type: String, required: true },
      titleKey: { type: String, required: true },
      notes: { type: String, default: null },
      difficulty: { type: String, required: true },
      tags: { type: [String], default: [] },
      schedule: { type: { days: [Number] }, default: null, _id: false },
      isPositive: { type: Boolean, default: null },
      streak: { type: Number, default: 0 },
      dueDate: { type: String, default: null },
      archived: { type: Boolean, default: false },
      lastCompletedDay: { type: String, default: null },
      completedAt: { type: Date, default: null },
      completions: { type: Number, default: 0 },
      dayCompletions: { type: Number, default: 0 },
      rev: { type: Number, default: 0 },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
      xpPending: { type: Schema.Types.Mixed, default: undefined },
      xpPendingSince: { type: Date, default: undefined },
      _outbox: { type: Schema.Types.Mixed, default: () => [] },
    },
    options,
  );
  // XP recovery: tasks whose completion's XP may not have reached the profile, oldest
  // first; partial, so it holds only those (a handful, or none).
  tasks.index(
    { xpPendingSince: 1 },
    { name: 'xp_pending', partialFilterExpression: { xpPendingSince: { $exists: true } } },
  );
  // Lists, each index named for the query it serves (README "Indexes"; the query-shape
  // check and test/service/indexes.test.ts fail when a query has none): the owner's
  // (default sort), the owner's of one type — which also serves settling a user's missed
  // dailies (`{userId, type: 'daily', streak > 0}`: its `{userId, type}` prefix) — and a
  // team's; one per other sort the API offers. The `_id` tail keeps pages stable when
  // values tie. A completion rewrites the entries of `owner_by_updated` and
  // `owner_by_streak` only: the sorts by update time and streak need them.
  tasks.index({ userId: 1, archived: 1, createdAt: -1, _id: -1 }, { name: 'owner_list' });
  tasks.index(
    { userId: 1, type: 1, archived: 1, createdAt: -1, _id: -1 },
    { name: 'owner_type_list' },
  );
  tasks.index({ teamId: 1, archived: 1, createdAt: -1, _id: -1 }, { name: 'team_list' });
  tasks.index({ userId: 1, archived: 1, updatedAt: -1, _id: -1 }, { name: 'owner_by_updated' });
  tasks.index({ userId: 1, archived: 1, titleKey: 1, _id: 1 }, { name: 'owner_by_title' });
  tasks.index({ userId: 1, archived: 1, streak: -1, _id: -1 }, { name: 'owner_by_streak' });
  tasks.index({ userId: 1, archived: 1, dueDate: 1, _id: 1 }, { name: 'owner_by_due' });

  const profiles = new Schema<ProfileDoc>(
    {
      _id: { type: String, required: true },
      xp: { type: Number, default: 0 },
      level: { type: Number, default: 1 },
      announcedLevels: { type: [Number], default: undefined },
      xpApplied: { type: [String], default: undefined },
      xpForgotten: { type: String, default: undefined },
      timezone: { type: String, default: 'UTC' },
      dayStartHour: { type: Number, default: 0 },
      settledDay: { type: String, default: null },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
      _outbox: { type: Schema.Types.Mixed, default: () => [] },
    },
    options,
  );

  // Looked up only by `_id`; no other index.
  const completions = new Schema<CompletionDoc>(
    {
      _id: { type: String, required: true },
      taskId: { type: String, required: true },
      completedBy: { type: String, required: true },
      day: { type: String, required: true },
      at: { type: Date, required: true },
      holder: { type: String },
      expiresAt: { type: Date },
    },
    options,
  );
  // A person's export and erasure (store/personal-data.ts): the completions they made.
  completions.index({ completedBy: 1 });
  // Erasure: the completions of the tasks it deletes.
  completions.index({ taskId: 1 });

  return {
    Task: db.model<TaskDoc>('Task', tasks, 'tasks'),
    Profile: db.model<ProfileDoc>('Profile', profiles, 'profiles'),
    Completion: db.model<CompletionDoc>('Completion', completions, 'completions'),
  };
}
export type HabitsModels = ReturnType<typeof habitsModels>;
