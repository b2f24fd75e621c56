import { z } from 'zod';
import { IssueStatuses, ProjectStatuses } from '@momentum/contracts';

/**
 * Output shapes. They name what a model can count on, every field described, and let the
 * services add fields without breaking the tools: each object is open. zod writes an open
 * (loose) object as `additionalProperties: {}`, which strict validators flag, and a closed
 * one in an output schema as `additionalProperties: false`, which would make a client refuse
 * any field a service adds; the metadata states it as `additionalProperties: true`.
 */
const open = <S extends z.ZodRawShape>(shape: S, description: string) =>
  z.looseObject(shape).meta({ additionalProperties: true }).describe(description);

const id = z.string().describe('UUID');
const timestamp = z.string().describe('ISO 8601 timestamp');

export const PageMeta = open(
  {
    total: z.number().describe('Items matching the filters'),
    page: z.number().describe('This page, from 1'),
    perPage: z.number().describe('Page size'),
  },
  'Paging of the list',
);

/** One count per status, each named (rather than a map, whose key schema strict validators flag). */
const IssuesByStatus = open(
  Object.fromEntries(
    IssueStatuses.map((status) => [status, z.number().describe(`Issues in ${status}`)]),
  ),
  'Issue count per status',
);

export const Project = open(
  {
    id,
    teamId: z.string().describe('Team the project belongs to'),
    name: z.string().describe('Project name'),
    key: z.string().optional().describe('Short uppercase key used in issue identifiers, e.g. ENG'),
    status: z
      .string()
      .optional()
      .describe(`Project status: ${ProjectStatuses.join(', ')}`),
    _count: open(
      { issues: z.number().describe('Issues in the project'), issuesByStatus: IssuesByStatus },
      'Issue counts, overall and per status',
    ).optional(),
  },
  'A team project',
);

export const Comment = open(
  {
    id,
    body: z.string().describe('Comment text; may mention @name'),
    userId: z.string().describe('The user or agent who wrote it'),
    createdAt: timestamp,
  },
  'A comment on an issue',
);

export const Activity = open(
  {
    id,
    action: z.string().describe('What happened, e.g. status_changed or comment_added'),
    userId: z.string().describe('The acting user or agent'),
    createdAt: timestamp,
  },
  'One entry of an issue timeline',
);

const taskOrIssueFields = {
  id,
  title: z.string().describe('Title'),
  type: z.string().optional().describe('Task type: habit, daily or todo (tasks only)'),
  projectId: z.string().optional().describe('Project of an issue (issues only)'),
  identifier: z.string().optional().describe('Issue key such as ENG-12 (issues only)'),
  status: z.string().optional().describe('Issue status (issues only)'),
};

/** A personal task (habit, daily, todo) or a team issue; tasks have `type`, issues `projectId`. */
export const TaskOrIssue = open(taskOrIssueFields, 'A personal task or a team issue');

const IssueSummary = open(
  {
    id,
    identifier: z.string().describe('Issue key such as ENG-12'),
    title: z.string().describe('Title'),
    status: z.string().describe('Issue status'),
  },
  'The other issue of the relation',
);

export const Blocker = open(
  {
    id: z.string().describe('The relation id (UUID); remove_blocker takes it'),
    issueId: z.string().describe('The blocked issue'),
    blockedById: z.string().describe('The issue that blocks it'),
    blockedByIssue: IssueSummary.optional(),
  },
  'A blocker relation: issueId is blocked by blockedById',
);

export const Blockers = open(
  {
    blockedBy: z.array(Blocker).describe('Relations to the issues blocking this one'),
    blocking: z.array(Blocker).describe('Relations to the issues this one blocks'),
  },
  "An issue's blocker relations, both ways",
);

export const TaskDetail = open(
  {
    ...taskOrIssueFields,
    comments: z.array(Comment).optional().describe('Comments, oldest first (issues only)'),
    activity: z.array(Activity).optional().describe('Activity timeline (issues only)'),
    blockedBy: z.array(Blocker).optional().describe('Blocker relations: issues blocking this one'),
    blocking: z.array(Blocker).optional().describe('Blocker relations: issues this one blocks'),
    subIssues: z.array(TaskOrIssue).optional().describe('Child issues'),
  },
  'A task, or an issue with comments, activity, blockers and sub-issues',
);

export const UpdatedTask = open(
  { id, updatedAt: timestamp.optional() },
  'The updated task or issue: its id, the changed fields and updatedAt',
);

export const Me = open(
  {
    type: z.string().describe('user or agent'),
    id: z.string().describe('The user id, or the agent id when acting as an agent'),
    name: z.string().describe('Display name'),
    teamIds: z
      .array(z.string())
      .optional()
      .describe('Teams whose projects the caller reaches (with the profile:read scope)'),
  },
  'Who the caller acts as',
);

export const Team = open(
  {
    id,
    name: z.string().describe('Team name'),
    key: z.string().optional().describe('Team key'),
    role: z
      .string()
      .optional()
      .describe('The caller’s role in the team (owner, admin, member, guest), where the API says'),
  },
  'A team the caller belongs to',
);

/** A member of a team as the directory lists it. */
export const Person = open(
  {
    id,
    kind: z.string().describe('user or agent'),
    name: z.string().describe('Display name'),
    avatar: z.string().optional().describe('Avatar URL, on the API’s own origin'),
    role: z.string().optional().describe('Role in the team: owner, admin, member or guest'),
    joinedAt: timestamp.optional(),
  },
  'A person or an agent of a team',
);

/** A person or agent found across the caller's teams. */
export const FoundPerson = open(
  {
    ...Person.shape,
    teamIds: z.array(z.string()).describe('The caller’s teams it is in'),
  },
  'A person or an agent, with the caller’s teams it is in (its role: in the first)',
);

/**
 * A nullable value described on both sides, so zod writes `anyOf: [{type, description},
 * {type: "null"}]` rather than a type array, which strict validators flag.
 */
const nullable = (value: z.ZodString, description: string) =>
  value.describe(description).nullable().describe(description);

const webhookFields = {
  id,
  url: nullable(
    z.string(),
    'Where events are POSTed; null to a team member who neither created it nor is an admin',
  ),
  events: z
    .array(z.string())
    .describe('Event types it receives, or ["*"] for all its scope allows'),
  teamId: nullable(z.string(), 'The team whose events it receives, or null for a personal webhook'),
  description: nullable(z.string(), 'What it is for, or null'),
  active: z.boolean().describe('false while paused or disabled'),
  disabledReason: nullable(z.string(), 'Why it was disabled after failing deliveries, or null'),
  createdAt: timestamp,
};

export const Webhook = open(webhookFields, 'A webhook subscription (never its secret)');

export const WebhookWithSecret = open(
  {
    ...webhookFields,
    secret: z
      .string()
      .describe(
        'The signing secret (whsec_…), shown only this once: verify each delivery with it, e.g. new Webhook(secret).verify(body, headers) from the standardwebhooks package',
      ),
  },
  'The new webhook subscription and its signing secret',
);

export const Notification = open(
  {
    id,
    type: z
      .string()
      .describe(
        'issue.assigned, issue.mentioned, issue.commented, issue.status_changed, issue.unblocked or team.member_added',
      ),
    read: z.boolean().describe('Whether it was marked read'),
    createdAt: timestamp,
    actor: open(
      {
        type: z.string().describe('user, agent or system'),
        id: z.string().describe('Who acted'),
        name: z.string().describe('Their name'),
      },
      'Who acted (never the recipient)',
    ),
    subject: open(
      {
        type: z.string().describe('issue or team'),
        id: z.string().describe('The issue’s or team’s id'),
        identifier: z.string().optional().describe('The issue’s key, e.g. ENG-12'),
        title: z.string().optional().describe('The issue’s title or the team’s name'),
      },
      'What it is about',
    ),
  },
  'An entry of the caller’s inbox; by kind also comment {id, excerpt}, oldStatus/newStatus, blocker',
);
