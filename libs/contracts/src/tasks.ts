import { z } from 'zod';
import { IsoDate, PageQuery, Timestamp, Uuid, queryBool, sortParam } from './common.js';
import { AfterQuery } from './list-cursor.js';
import { componentRef } from './documentation.js';

// Task schemas (owned by the habits service): docs/interface.md §2.1, §4.1, §7.
export const TaskTypes = ['habit', 'daily', 'todo'] as const;
export type TaskType = (typeof TaskTypes)[number];
export const Difficulties = ['trivial', 'easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof Difficulties)[number];

export const TaskSortFields = ['createdAt', 'updatedAt', 'title', 'streak', 'dueDate'] as const;
export type TaskSortField = (typeof TaskSortFields)[number];

const unique = (days: number[]) => new Set(days).size === days.length;

/** `{ days: [0..6] }`, 0 = Sunday; unique, at least one; stored sorted. */
export const Schedule = z.strictObject({
  days: z
    .array(z.number().int().min(0).max(6))
    .min(1)
    .max(7)
    .refine(unique, { message: 'days must not repeat', params: { rule: 'unique' } })
    .transform((days) => [...days].sort((a, b) => a - b)),
});
export type Schedule = z.output<typeof Schedule>;

const Title = z.string().trim().min(1).max(200);
const Notes = z.string().max(10_000).nullable();
/** Tags are trimmed and de-duplicated, keeping their order. */
const Tags = z
  .array(z.string().trim().min(1).max(50))
  .max(50)
  .transform((tags) => [...new Set(tags)]);

/** A type-specific field sent for another type is refused rather than silently kept. */
const onlyFor = (field: string, plural: 'habits' | 'dailies' | 'todos') => ({
  message: `${field} applies only to ${plural}`,
  path: [field],
  params: { rule: `only_for_${plural}` },
});

export const CreateTaskBody = z
  .strictObject({
    type: z.enum(TaskTypes),
    title: Title,
    notes: Notes.optional(),
    difficulty: z.enum(Difficulties),
    tags: Tags.optional(),
    schedule: Schedule.nullable().optional(),
    isPositive: z.boolean().nullable().optional(),
    dueDate: IsoDate.nullable().optional(),
    teamId: Uuid.nullable().optional(),
  })
  .refine((b) => b.type !== 'daily' || b.schedule != null, {
    message: 'a daily needs a schedule { days: [0..6] }',
    path: ['schedule'],
    params: { rule: 'required_for_dailies' },
  })
  .refine((b) => b.type !== 'habit' || b.isPositive != null, {
    message: 'is required for habits',
    path: ['isPositive'],
    params: { rule: 'required' },
  })
  .refine((b) => b.type === 'daily' || b.schedule == null, onlyFor('schedule', 'dailies'))
  .refine((b) => b.type === 'habit' || b.isPositive == null, onlyFor('isPositive', 'habits'))
  .refine((b) => b.type === 'todo' || b.dueDate == null, onlyFor('dueDate', 'todos'))
  .meta({ id: 'CreateTask', oneOf: typeRules() });
export type CreateTaskBody = z.output<typeof CreateTaskBody>;

/**
 * The refinements above as JSON Schema, for the document (the refinements validate; zod cannot
 * derive JSON Schema from a function): each type requires its own field, and a field of another
 * type is absent or null.
 */
function typeRules() {
  const absent = { type: 'null' };
  const variant = (type: TaskType, own: Record<string, unknown>, required: string[]) => ({
    title: type,
    properties: {
      type: { const: type },
      isPositive: absent,
      schedule: absent,
      dueDate: absent,
      ...own,
    },
    required: ['type', ...required],
  });
  return [
    variant('habit', { isPositive: { type: 'boolean' } }, ['isPositive']),
    variant('daily', { schedule: { not: { type: 'null' } } }, ['schedule']),
    variant('todo', { dueDate: { type: ['string', 'null'], format: 'date' } }, []),
  ];
}

/** PATCH: any of these; which type may change schedule/dueDate is checked against the task. */
export const UpdateTaskBody = z
  .strictObject({
    title: Title.optional(),
    notes: Notes.optional(),
    difficulty: z.enum(Difficulties).optional(),
    tags: Tags.optional(),
    schedule: Schedule.optional(),
    dueDate: IsoDate.nullable().optional(),
    archived: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'send at least one field to change',
    path: [],
    params: { rule: 'empty_update' },
  })
  .meta({
    id: 'UpdateTask',
    minProperties: 1,
    description: '`schedule` applies to dailies only, `dueDate` to to-dos only',
  });
export type UpdateTaskBody = z.output<typeof UpdateTaskBody>;

export const TaskParams = z.object({ id: Uuid });

export const ListTasksQuery = z.strictObject({
  type: z.enum(TaskTypes).optional(),
  archived: queryBool(false),
  teamId: Uuid.optional(),
  sort: sortParam(TaskSortFields, '-createdAt'),
  ...PageQuery,
  after: AfterQuery,
});
export type ListTasksQuery = z.output<typeof ListTasksQuery>;

export const TaskView = z.object({
  id: z.string(),
  userId: z.string(),
  teamId: z.string().nullable(),
  createdBy: z.string(),
  type: z.enum(TaskTypes),
  title: z.string(),
  notes: z.string().nullable().optional(),
  difficulty: z.enum(Difficulties),
  tags: z.array(z.string()),
  schedule: z
    .object({ days: z.array(z.number()) })
    .nullable()
    .optional(),
  isPositive: z.boolean().optional(),
  streak: z.number(),
  dueDate: z.string().nullable().optional(),
  completedAt: z.string().nullable().optional(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskView = z.infer<typeof TaskView>;

// The task as replies carry it (docs/interface.md §2.1): common fields, and the fields of its
// type only.
const taskFields = {
  id: Uuid,
  userId: Uuid.describe('The owner'),
  teamId: Uuid.nullable().describe('Set when the task is shared with a team'),
  createdBy: Uuid.describe('The user or agent that created it'),
  title: z.string(),
  notes: z.string().nullable().optional(),
  difficulty: z.enum(Difficulties),
  tags: z.array(z.string()),
  streak: z.number().int().min(0).describe('Consecutive completions; 0 on creation'),
  completedAt: Timestamp.nullable().optional().describe('When a to-do was completed'),
  archived: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
const ScheduleView = z
  .object({ days: z.array(z.number().int().min(0).max(6)).describe('0 = Sunday … 6 = Saturday') })
  .meta({ id: 'Schedule' });

export const HabitTask = z
  .object({ ...taskFields, type: z.literal('habit'), isPositive: z.boolean() })
  .meta({ id: 'HabitTask' });
export const DailyTask = z
  .object({ ...taskFields, type: z.literal('daily'), schedule: ScheduleView })
  .meta({ id: 'DailyTask' });
export const TodoTask = z
  .object({ ...taskFields, type: z.literal('todo'), dueDate: IsoDate.nullable().optional() })
  .meta({ id: 'TodoTask' });

export const Task = z.discriminatedUnion('type', [HabitTask, DailyTask, TodoTask]).meta({
  id: 'Task',
  description: 'A habit, daily or to-do (spec §2.1)',
  discriminator: {
    propertyName: 'type',
    mapping: {
      habit: componentRef('HabitTask'),
      daily: componentRef('DailyTask'),
      todo: componentRef('TodoTask'),
    },
  },
});

/** PATCH reply: the id, the fields the request changed, and updatedAt (docs/interface.md §4.1). */
export const TaskChanges = z
  .object({
    id: Uuid,
    title: z.string(),
    notes: z.string().nullable(),
    difficulty: z.enum(Difficulties),
    tags: z.array(z.string()),
    schedule: ScheduleView,
    dueDate: IsoDate.nullable(),
    archived: z.boolean(),
    updatedAt: Timestamp,
  })
  .partial()
  .required({ id: true, updatedAt: true })
  .meta({ id: 'TaskChanges' });

export const CompleteTaskResult = z
  .object({
    task: z.object({ id: Uuid, streak: z.number().int().min(0), updatedAt: Timestamp }),
    xpEarned: z.number().int().min(0).describe('Includes the streak bonus; 0 for a slip'),
    newLevel: z.number().int().min(1).describe("The user's level after this completion"),
    leveledUp: z.boolean(),
  })
  .meta({ id: 'TaskCompletion' });
export type CompleteTaskResult = z.infer<typeof CompleteTaskResult>;

/** A user's progress and day settings (GET/PATCH /api/profile, /internal/progress/:userId). */
export const ProfileView = z
  .object({
    userId: z.string(),
    xp: z.number(),
    level: z.number(),
    /** XP earned within the current level, and what the next level needs. */
    xpIntoLevel: z.number(),
    xpToNextLevel: z.number(),
    timezone: z.string(),
    dayStartHour: z.number(),
    /** The user's current day, `YYYY-MM-DD`, in their time zone. */
    today: IsoDate,
  })
  .meta({ id: 'Profile' });
export type ProfileView = z.infer<typeof ProfileView>;

export const UpdateProfileBody = z
  .strictObject({
    /** An IANA zone name such as `Europe/Berlin`; checked by the habits service. */
    timezone: z.string().min(1).max(64).optional(),
    /** Local hour (0–23) at which the user's day starts; default 0 (midnight). */
    dayStartHour: z.number().int().min(0).max(23).optional(),
  })
  .refine((b) => b.timezone !== undefined || b.dayStartHour !== undefined, {
    message: 'send timezone and/or dayStartHour',
    path: [],
    params: { rule: 'empty_update' },
  })
  .meta({ id: 'UpdateProfile', minProperties: 1 });

/** Data of `habits.task.completed`. */
export interface TaskCompletedEventData {
  id: string;
  userId: string;
  teamId: string | null;
  type: TaskType;
  completedBy: string;
  /** The completer's day, `YYYY-MM-DD`. */
  day: string;
  streak: number;
  xpEarned: number;
  /** A negative habit's completion is a slip. */
  slip: boolean;
}

/** Data of `habits.user.leveled_up`. */
export interface UserLeveledUpEventData {
  userId: string;
  level: number;
  previousLevel: number;
  xp: number;
}
