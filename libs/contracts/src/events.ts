import type { Actor } from './actor.js';

/** The envelope every event travels in. `id` makes handlers idempotent. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  actor: { type: Actor['type']; id: string; userId: string } | null;
  data: T;
  /**
   * The W3C trace context the event was written in (makeEvent, libs/messaging), kept with it
   * in the outbox; the bus sends it as NATS headers and never in the published body. Absent
   * outside a trace.
   */
  traceparent?: string;
  tracestate?: string;
}

/**
 * Subjects: `<prefix>.<service>.<entity>.<event>`. The prefix is `momentum` in
 * production; tests pick their own so runs never collide.
 */
export const ServiceNames = [
  'identity',
  'habits',
  'projects',
  'issues',
  'agents',
  'notifications',
  'webhooks',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

export const EventTypes = {
  identity: {
    userCreated: 'identity.user.created',
    userUpdated: 'identity.user.updated',
    userDeactivated: 'identity.user.deactivated',
    userReactivated: 'identity.user.reactivated',
    membershipAdded: 'identity.membership.added',
    membershipRemoved: 'identity.membership.removed',
    membershipRoleChanged: 'identity.membership.role_changed',
    invitationCreated: 'identity.invitation.created',
    invitationAccepted: 'identity.invitation.accepted',
    invitationDeclined: 'identity.invitation.declined',
    invitationRevoked: 'identity.invitation.revoked',
    keyRevoked: 'identity.key.revoked',
    userDeletionRequested: 'identity.user.deletion_requested',
  },
  habits: {
    taskCreated: 'habits.task.created',
    taskUpdated: 'habits.task.updated',
    taskArchived: 'habits.task.archived',
    taskCompleted: 'habits.task.completed',
    userLeveledUp: 'habits.user.leveled_up',
    userErased: 'habits.user.erased',
  },
  projects: {
    projectCreated: 'projects.project.created',
    projectUpdated: 'projects.project.updated',
    userErased: 'projects.user.erased',
  },
  issues: {
    issueCreated: 'issues.issue.created',
    issueUpdated: 'issues.issue.updated',
    issueDeleted: 'issues.issue.deleted',
    commentCreated: 'issues.comment.created',
    commentUpdated: 'issues.comment.updated',
    commentDeleted: 'issues.comment.deleted',
    blockerAdded: 'issues.blocker.added',
    blockerRemoved: 'issues.blocker.removed',
    userErased: 'issues.user.erased',
  },
  agents: {
    agentCreated: 'agents.agent.created',
    agentUpdated: 'agents.agent.updated',
    agentDeleted: 'agents.agent.deleted',
    keyRotated: 'agents.key.rotated',
    userErased: 'agents.user.erased',
  },
  notifications: {
    notificationCreated: 'notifications.notification.created',
    userErased: 'notifications.user.erased',
  },
  webhooks: { userErased: 'webhooks.user.erased' },
} as const;

export const subjectFor = (prefix: string, eventType: string) => `${prefix}.${eventType}`;
export const streamNameFor = (prefix: string, service: ServiceName) =>
  `${prefix}_${service}`.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase();
export const serviceSubjects = (prefix: string, service: ServiceName) => `${prefix}.${service}.>`;

/**
 * Request/reply subjects (NATS core) for lookups between services. They begin with `rpc.`
 * so they stay outside every service stream (`<prefix>.<service>.>`): a stream would
 * otherwise store the request and answer it with its own publish ack.
 */
export const RequestSubjects = {
  projectLookup: 'rpc.projects.project.lookup',
} as const;
