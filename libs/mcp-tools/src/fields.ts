import { z } from 'zod';
import {
  Difficulties,
  IssuePriorities,
  IssueSortFields,
  IssueStatuses,
  ProjectSortFields,
  ProjectStatuses,
  TaskSortFields,
  TaskTypes,
} from '@momentum/contracts';

/** Input fields shared by several tools, each described for a model. */
export const uuid = (what: string) => z.string().min(1).describe(`${what} (UUID)`);
/** A task or issue: its UUID, or for an issue its identifier (`ENG-12`), which the API resolves. */
export const taskRef = (what: string) =>
  z.string().min(1).describe(`${what}: its id (UUID), or an issue's identifier such as ENG-12`);
export const date = (what: string) => z.string().describe(`${what}, a date YYYY-MM-DD`);

export const page = z.number().int().min(1).optional().describe('Page number, from 1 (default 1)');
export const limit = z
  .number()
  .int()
  .min(1)
  .max(100)
  .optional()
  .describe('Items per page, 1 to 100 (default 20)');

export const projectStatus = z.enum(ProjectStatuses);
export const taskType = z.enum(TaskTypes);
export const difficulty = z.enum(Difficulties);
export const issueStatus = z.enum(IssueStatuses);
export const issuePriority = z.enum(IssuePriorities);

export const schedule = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).describe('Weekdays, 0 = Sunday … 6 = Saturday'),
  })
  .describe('For dailies: the weekdays it is due');
export const labels = z.array(z.string()).describe('Issue labels');

/** A `sort` parameter: one of the fields, a leading `-` for descending (as the API reads it). */
const sortOf = <const F extends string>(fields: readonly F[]) =>
  z.enum([...fields, ...fields.map((f) => `-${f}` as const)] as [F | `-${F}`, ...(F | `-${F}`)[]]);

export const taskOrIssueSort = sortOf([...new Set([...TaskSortFields, ...IssueSortFields])]);
export const projectSort = sortOf(ProjectSortFields);

/**
 * An optional field that null clears. The value's own description keeps zod from folding
 * it into a type array (`"type": ["string", "null"]`), which strict validators flag: it is
 * written `anyOf: [{type, description}, {type: "null"}]` instead.
 */
export const orNull = <T extends z.ZodType>(value: T, description: string) =>
  value.nullable().optional().describe(description);
export const tags = z.array(z.string()).describe('Task tags');
