import { z } from 'zod';
import { IsoDate, PageQuery, Timestamp, Uuid, sortParam } from './common.js';
import { documentAs } from './documentation.js';
import { IssueStatuses, type IssueStatus } from './issues.js';

// Project resource schemas (owned by the projects service).
// Cross-service pieces (ProjectEventData, ProjectLookupReply) are fixed; other services depend on them.

/** Data of `projects.project.created` / `projects.project.updated`. */
export interface ProjectEventData {
  id: string;
  teamId: string;
  /** Short uppercase key used in issue identifiers, e.g. `ENG`. */
  key: string;
  name: string;
  slug: string;
  status: string;
}

/** Reply of the NATS request `RequestSubjects.projectLookup` with `{ id }`; null when unknown. */
export type ProjectLookupReply = Pick<ProjectEventData, 'id' | 'teamId' | 'key' | 'name'> | null;

/** Linear's project lifecycle; a new project is `planned`. */
export const ProjectStatuses = ['planned', 'started', 'paused', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof ProjectStatuses)[number];
export const DEFAULT_PROJECT_STATUS: ProjectStatus = 'planned';

/** A project key: 2–10 letters or digits starting with a letter, stored uppercase (`ENG`). */
export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const SYMBOLIC = /\p{Extended_Pictographic}|\p{S}|\p{Regional_Indicator}|\u20E3/u;
const PLAIN = /[\p{L}\p{N}\p{P}\s]/u;

/**
 * One emoji or symbol: exactly one grapheme cluster (so ZWJ families and flags count
 * as one) that is pictographic or a symbol; letters, digits and punctuation are not
 * icons, except as part of a keycap like 1️⃣.
 */
export function isIcon(value: string): boolean {
  if (value.length === 0 || value.length > 32) return false;
  const graphemes = [...segmenter.segment(value)];
  if (graphemes.length !== 1) return false;
  if (value.includes('\u20E3')) return true;
  return SYMBOLIC.test(value) && ![...value].some((ch) => PLAIN.test(ch) && !SYMBOLIC.test(ch));
}

const name = z
  .string()
  .trim()
  .refine((s) => s.length > 0, { message: 'is required', params: { rule: 'required' } })
  .refine((s) => s.length <= 200, {
    message: 'must be at most 200 characters',
    params: { rule: 'max_length', max: 200 },
  });
const description = z.string().max(10_000);
const icon = z
  .string()
  .refine(isIcon, { message: 'must be a single emoji or symbol', params: { rule: 'icon' } })
  .meta({ description: 'A single emoji or symbol', examples: ['🚀'] });
const color = documentAs(
  z
    .string()
    .refine((s) => HEX_COLOR_PATTERN.test(s), {
      message: 'must be a colour #rrggbb',
      params: { rule: 'color' },
    })
    .transform((s) => s.toLowerCase()),
  { type: 'string', pattern: HEX_COLOR_PATTERN.source, description: '`#rrggbb`, stored lowercase' },
);
const status = z.enum(ProjectStatuses);
const key = documentAs(
  z
    .string()
    .refine((s) => PROJECT_KEY_PATTERN.test(s.toUpperCase()), {
      message: 'must be 2–10 letters or digits, starting with a letter',
      params: { rule: 'project_key' },
    })
    .transform((s) => s.toUpperCase()),
  {
    type: 'string',
    pattern: '^[A-Za-z][A-Za-z0-9]{1,9}$',
    description:
      'Used in issue identifiers (`ENG-1`), stored uppercase; derived from the name when absent',
  },
);

/** Dates are compared as strings: `YYYY-MM-DD` sorts like the calendar. */
export const datesInOrder = (
  startDate: string | null | undefined,
  targetDate: string | null | undefined,
) => !startDate || !targetDate || targetDate >= startDate;

export const TARGET_BEFORE_START = {
  message: 'must not be before startDate',
  params: { rule: 'not_before_start' },
};

export const CreateProjectBody = z
  .strictObject({
    teamId: Uuid,
    name,
    key: key.optional(),
    description: description.nullable().optional(),
    icon: icon.nullable().optional(),
    color: color.nullable().optional(),
    status: status.optional(),
    leadId: Uuid.nullable().optional(),
    startDate: IsoDate.nullable().optional(),
    targetDate: IsoDate.nullable().optional(),
  })
  .refine((b) => datesInOrder(b.startDate, b.targetDate), {
    ...TARGET_BEFORE_START,
    path: ['targetDate'],
  })
  .meta({ id: 'CreateProject', description: '`targetDate` must not be before `startDate`' });
export type CreateProjectInput = z.output<typeof CreateProjectBody>;

/** Every field optional; null clears an optional field. `key` and `teamId` never change. */
export const UpdateProjectBody = z
  .strictObject({
    name: name.optional(),
    description: description.nullable().optional(),
    icon: icon.nullable().optional(),
    color: color.nullable().optional(),
    status: status.optional(),
    leadId: Uuid.nullable().optional(),
    startDate: IsoDate.nullable().optional(),
    targetDate: IsoDate.nullable().optional(),
  })
  .meta({ id: 'UpdateProject' });
export type UpdateProjectInput = z.output<typeof UpdateProjectBody>;

export const ProjectSortFields = [
  'updatedAt',
  'createdAt',
  'name',
  'startDate',
  'targetDate',
] as const;

/** `GET /api/projects`: filters, sort over an allow-list, paged like the task list. */
export const ListProjectsQuery = z.strictObject({
  teamId: Uuid.optional(),
  status: status.optional(),
  sort: sortParam(ProjectSortFields, '-updatedAt'),
  ...PageQuery,
});
export type ListProjectsInput = z.output<typeof ListProjectsQuery>;

export const ProjectParams = z.object({ id: Uuid });

export interface ProjectCounts {
  issues: number;
  issuesByStatus: Record<IssueStatus, number>;
}

export const ProjectCountsView = z
  .object({
    issues: z.number().int().min(0),
    issuesByStatus: z.object(
      Object.fromEntries(IssueStatuses.map((s) => [s, z.number().int().min(0)])) as Record<
        IssueStatus,
        z.ZodNumber
      >,
    ),
  })
  .meta({ id: 'ProjectCounts', description: 'Issue counts, by status (all six are present)' });

export const ProjectView = z
  .object({
    id: Uuid,
    teamId: Uuid,
    name: z.string(),
    slug: z.string(),
    key: z.string().describe('Short uppercase key used in issue identifiers, e.g. `ENG`'),
    description: z.string().nullable(),
    icon: z.string().nullable().describe('A single emoji or symbol'),
    color: z.string().regex(HEX_COLOR_PATTERN).nullable().describe('`#rrggbb`'),
    status: status,
    leadId: Uuid.nullable().describe('User id of the lead'),
    startDate: IsoDate.nullable(),
    targetDate: IsoDate.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    _count: ProjectCountsView,
  })
  .meta({ id: 'Project', description: 'A team project with its issue counts (spec §2.2)' });
export type ProjectViewData = z.infer<typeof ProjectView>;
