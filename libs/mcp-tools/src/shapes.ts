import { z } from 'zod';
import { ProjectStatuses } from '@momentum/contracts';

/**
 * Output shapes. Loose on purpose: they name what a model can count on and let the
 * services add fields without breaking the tools.
 */
const id = z.string().describe('UUID');
const timestamp = z.string().describe('ISO 8601 timestamp');

export const PageMeta = z
  .looseObject({
    total: z.number().describe('Items matching the filters'),
    page: z.number().describe('This page, from 1'),
    perPage: z.number().describe('Page size'),
  })
  .describe('Paging of the list');

export const Project = z
  .looseObject({
    id,
    teamId: z.string().describe('Team the project belongs to'),
    name: z.string().describe('Project name'),
    key: z.string().optional().describe('Short uppercase key used in issue identifiers, e.g. ENG'),
    status: z
      .string()
      .optional()
      .describe(`Project status: ${ProjectStatuses.join(', ')}`),
    _count: z
      .looseObject({ issues: z.number(), issuesByStatus: z.record(z.string(), z.number()) })
      .optional()
      .describe('Issue counts, overall and per status'),
  })
  .describe('A team project');

export const Comment = z
  .looseObject({
    id,
    body: z.string().describe('Comment text; may mention @name'),
    userId: z.string().describe('The user or agent who wrote it'),
    createdAt: timestamp,
  })
  .describe('A comment on an issue');

export const Activity = z
  .looseObject({
    id,
    action: z.string().describe('What happened, e.g. status_changed or commented'),
    userId: z.string().describe('The acting user or agent'),
    createdAt: timestamp,
  })
  .describe('One entry of an issue timeline');

/** A personal task (habit, daily, todo) or a team issue; tasks have `type`, issues `projectId`. */
export const TaskOrIssue = z
  .looseObject({
    id,
    title: z.string().describe('Title'),
    type: z.string().optional().describe('Task type: habit, daily or todo (tasks only)'),
    projectId: z.string().optional().describe('Project of an issue (issues only)'),
    identifier: z.string().optional().describe('Issue key such as ENG-12 (issues only)'),
    status: z.string().optional().describe('Issue status (issues only)'),
  })
  .describe('A personal task or a team issue');

export const TaskDetail = TaskOrIssue.extend({
  comments: z.array(Comment).optional().describe('Comments, oldest first (issues only)'),
  activity: z.array(Activity).optional().describe('Activity timeline (issues only)'),
  blockedBy: z
    .array(z.looseObject({}))
    .optional()
    .describe('Blocker relations: issues blocking this one'),
  blocking: z
    .array(z.looseObject({}))
    .optional()
    .describe('Blocker relations: issues this one blocks'),
  subIssues: z.array(z.looseObject({})).optional().describe('Child issues'),
}).describe('A task, or an issue with comments, activity, blockers and sub-issues');

export const UpdatedTask = z
  .looseObject({ id, updatedAt: timestamp.optional() })
  .describe('The updated task or issue: its id, the changed fields and updatedAt');

export const Me = z
  .looseObject({
    type: z.string().describe('user or agent'),
    id: z.string().describe('The user id, or the agent id when acting as an agent'),
    name: z.string().describe('Display name'),
    teamIds: z.array(z.string()).describe('Teams whose projects the caller reaches'),
  })
  .describe('Who the caller acts as');

export const Team = z
  .looseObject({
    id,
    name: z.string().describe('Team name'),
    key: z.string().optional().describe('Team key'),
  })
  .describe('A team the caller belongs to');
