import type { ApiScope } from './scopes.js';
import { EventTypes, type ServiceName } from './events.js';
import { ERASING_SERVICES, erasedTypeOf } from './erasure.js';

/**
 * The public event catalogue: every event type a service publishes, renamed from its
 * internal `<service>.<entity>.<event>` to the public `<entity>.<event>`, with who may
 * subscribe to it, whom it concerns, and the fields its payload carries (nothing else of
 * the internal event goes out). A type a service adds must be placed here or in
 * EXCLUDED_SOURCES; a unit test enforces it.
 */

/** A personal subscription (the user's own things) or a team's. */
export type SubscriptionScope = 'personal' | 'team';

/** Whom an event concerns. Issue-family events name a project; its team is looked up. */
export interface Audience {
  userId: string | null;
  teamId: string | null;
  projectId: string | null;
}

export type Family =
  'task' | 'user' | 'project' | 'issue' | 'membership' | 'agent' | 'notification';

export interface EventTypeEntry {
  type: string;
  source: string;
  service: ServiceName;
  family: Family;
  description: string;
  scopes: readonly SubscriptionScope[];
  /** Payload fields (`data.<field>`) and what each means. */
  fields: Readonly<Record<string, string>>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

const SCOPES: Record<Family, readonly SubscriptionScope[]> = {
  task: ['personal', 'team'],
  user: ['personal'],
  project: ['team'],
  issue: ['team'],
  membership: ['team'],
  agent: ['personal'],
  notification: ['personal'],
};

/**
 * What reading an event of each family through the API would need: a webhook delivery or a
 * live stream shows what the API would, so a key without `issues:read` sees no issue events.
 */
export const FAMILY_READ_SCOPE: Readonly<Record<Family, ApiScope>> = {
  task: 'tasks:read',
  issue: 'issues:read',
  project: 'projects:read',
  membership: 'teams:read',
  agent: 'agents:read',
  user: 'profile:read',
  notification: 'notifications:read',
};

/** Whom an event of a family concerns, read from its data; null when the data lacks it. */
export function audienceOf(family: Family, data: unknown): Audience | null {
  const d = (data ?? {}) as Record<string, unknown>;
  const of = (userId: string | null, teamId: string | null, projectId: string | null = null) =>
    userId || teamId || projectId ? { userId, teamId, projectId } : null;
  switch (family) {
    case 'task':
      return str(d.userId) ? of(str(d.userId), str(d.teamId)) : null;
    case 'user':
      return of(str(d.userId), null);
    case 'project':
    case 'membership':
      return of(null, str(d.teamId));
    case 'issue':
      return of(null, null, str(d.projectId));
    case 'agent':
      return of(str(d.ownerId), null);
    case 'notification': {
      // A user's own inbox; an agent's inbox has no personal webhook of its own.
      const recipient = (d.recipient ?? {}) as Record<string, unknown>;
      return recipient.type === 'user' ? of(str(recipient.id), null) : null;
    }
  }
}

const ACTOR = 'who caused it: `{type: "user"|"agent", id}`, or null for the system';
const TASK = {
  id: 'task id',
  userId: 'the task owner',
  teamId: 'the team the task is shared with, or null',
  type: '`habit`, `daily` or `todo`',
  title: 'the task title',
  archived: 'whether the task is archived',
  streak: 'the current streak',
};
const ISSUE = {
  id: 'issue id',
  projectId: 'the project',
  teamId: "the project's team",
  identifier: 'human key, e.g. `ENG-12`',
  status: 'the issue status after the change',
  version: 'rises with every change of the issue: order events by it',
};
const COMMENT = {
  id: 'comment id',
  issueId: 'the issue commented on',
  projectId: 'the project',
  teamId: "the project's team",
  userId: 'the author (user or agent id)',
};
const BLOCKER = {
  id: 'blocker relation id',
  issueId: 'the blocked issue',
  blockedById: 'the issue that blocks it',
  projectId: 'the project',
  teamId: "the project's team",
};
const PROJECT = {
  id: 'project id',
  teamId: 'the team',
  key: 'issue key prefix, e.g. `ENG`',
  name: 'the project name',
  slug: 'the project slug',
  status: 'the project status',
};
const MEMBERSHIP = {
  teamId: 'the team',
  userId: 'the user who joined, left or changed role',
  role: 'their role (`owner`, `admin`, `member`); on removal, the one they had',
};
const AGENT = {
  id: 'agent id',
  ownerId: 'the owning user',
  teamId: "the agent's team, or null",
  isActive: 'whether the agent may act',
};

const e = (
  source: string,
  service: ServiceName,
  family: Family,
  description: string,
  fields: Record<string, string>,
): EventTypeEntry => ({
  type: publicTypeOf(source),
  source,
  service,
  family,
  description,
  scopes: SCOPES[family],
  fields: { ...fields, actor: ACTOR },
});

/** `habits.task.created` → `task.created`. */
export function publicTypeOf(source: string): string {
  return source.slice(source.indexOf('.') + 1);
}

const H = EventTypes.habits;
const P = EventTypes.projects;
const I = EventTypes.issues;
const N = EventTypes.notifications;
export const CATALOGUE: readonly EventTypeEntry[] = [
  e(H.taskCreated, 'habits', 'task', 'A task was created.', {
    ...TASK,
    createdBy: 'who created it (user or agent id)',
  }),
  e(H.taskUpdated, 'habits', 'task', 'A task was changed (or unarchived).', {
    ...TASK,
    changed: 'names of the changed fields',
  }),
  e(H.taskArchived, 'habits', 'task', 'A task was archived (DELETE /api/tasks/:id).', TASK),
  e(H.taskCompleted, 'habits', 'task', 'A task was completed; XP was awarded.', {
    id: 'task id',
    userId: 'the task owner',
    teamId: 'the team the task is shared with, or null',
    type: '`habit`, `daily` or `todo`',
    completedBy: 'who completed it',
    day: "the completer's day, `YYYY-MM-DD`",
    streak: 'the streak after completion',
    xpEarned: 'XP awarded, streak bonus included',
    slip: "true for a negative habit's completion",
  }),
  e(H.userLeveledUp, 'habits', 'user', 'The subscriber reached a new level.', {
    userId: 'the user',
    level: 'the new level',
    previousLevel: 'the level before',
    xp: 'total XP',
  }),
  e(P.projectCreated, 'projects', 'project', 'A project was created in the team.', PROJECT),
  e(P.projectUpdated, 'projects', 'project', 'A project was changed.', PROJECT),
  e(I.issueCreated, 'issues', 'issue', 'An issue was created.', ISSUE),
  e(I.issueUpdated, 'issues', 'issue', 'An issue was changed.', {
    ...ISSUE,
    changed: 'names of the changed fields',
  }),
  e(I.issueDeleted, 'issues', 'issue', 'An issue was deleted.', ISSUE),
  e(I.commentCreated, 'issues', 'issue', 'A comment was added to an issue.', {
    ...COMMENT,
    mentions: 'ids of the users and agents mentioned',
  }),
  e(I.commentUpdated, 'issues', 'issue', 'A comment was edited.', {
    ...COMMENT,
    mentions: 'ids of the users and agents mentioned',
  }),
  e(I.commentDeleted, 'issues', 'issue', 'A comment was deleted.', COMMENT),
  e(I.blockerAdded, 'issues', 'issue', 'An issue became blocked by another.', BLOCKER),
  e(I.blockerRemoved, 'issues', 'issue', 'A blocker relation was removed.', BLOCKER),
  e(EventTypes.identity.membershipAdded, 'identity', 'membership', 'A user joined the team.', {
    ...MEMBERSHIP,
  }),
  e(EventTypes.identity.membershipRemoved, 'identity', 'membership', 'A user left the team.', {
    ...MEMBERSHIP,
  }),
  e(
    EventTypes.identity.membershipRoleChanged,
    'identity',
    'membership',
    "A member's role in the team changed.",
    { ...MEMBERSHIP, previousRole: 'the role before' },
  ),
  e(EventTypes.agents.agentCreated, 'agents', 'agent', 'The subscriber created an agent.', AGENT),
  e(EventTypes.agents.agentUpdated, 'agents', 'agent', "One of the subscriber's agents changed.", {
    ...AGENT,
  }),
  e(
    EventTypes.agents.agentDeleted,
    'agents',
    'agent',
    "One of the subscriber's agents was deleted.",
    {
      ...AGENT,
    },
  ),
  e(
    N.notificationCreated,
    'notifications',
    'notification',
    "A notification reached the subscriber's inbox (assigned, mentioned, a comment or status change of a watched issue, unblocked, added to a team).",
    {
      recipient: 'whose inbox: `{type: "user", id}`, the subscriber',
      notification: 'the notification exactly as `GET /api/notifications` lists it',
    },
  ),
];

/** Published, but never delivered, and why. */
export const EXCLUDED_SOURCES: Readonly<Record<string, string>> = {
  [EventTypes.identity.userCreated]:
    'users are created by admins; no subscription scope covers them',
  [EventTypes.identity.keyRevoked]: 'a credential signal for gateway caches, not a domain event',
  [EventTypes.identity.userUpdated]: 'a profile signal for gateway caches (the actor’s name)',
  [EventTypes.identity.userDeactivated]:
    'a credential signal: gateways refuse the user’s keys, grant holders end their grants',
  [EventTypes.identity.userReactivated]: 'a credential signal for gateway caches',
  // Invitations name a person who is not (yet) a member, maybe by email: for the team's audit
  // log (GET /api/teams/:id/audit), not for its webhooks.
  [EventTypes.identity.invitationCreated]: "recorded in the team's audit log only",
  [EventTypes.identity.invitationAccepted]: "recorded in the team's audit log only",
  [EventTypes.identity.invitationDeclined]: "recorded in the team's audit log only",
  [EventTypes.identity.invitationRevoked]: "recorded in the team's audit log only",
  [EventTypes.agents.keyRotated]: 'a credential signal for gateway caches, not a domain event',
  [EventTypes.identity.userDeletionRequested]:
    'asks each service to erase a person; the person and their subscriptions go with it',
  ...Object.fromEntries(
    ERASING_SERVICES.map((service) => [
      erasedTypeOf(service),
      'a service confirming an erasure to identity, not a domain event',
    ]),
  ),
};

/** Subscribe to every type the subscription's scope allows, now and later. */
export const ALL_EVENTS = '*';

const bySource = new Map(CATALOGUE.map((entry) => [entry.source, entry]));
export const entryForSource = (source: string): EventTypeEntry | undefined => bySource.get(source);

/** The values `events` may hold for a scope: its types, then `*`. */
export function allowedEventsFor(scope: SubscriptionScope): string[] {
  return [...CATALOGUE.filter((x) => x.scopes.includes(scope)).map((x) => x.type), ALL_EVENTS];
}

/** The source types each stream carries that are delivered, for its consumer. */
export function sourcesByService(): Map<ServiceName, string[]> {
  const out = new Map<ServiceName, string[]>();
  for (const entry of CATALOGUE)
    out.set(entry.service, [...(out.get(entry.service) ?? []), entry.source]);
  return out;
}
