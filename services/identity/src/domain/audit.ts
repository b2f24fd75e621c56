import { DELETED_USER_ID, DELETED_USER_NAME, EventTypes } from '@momentum/contracts';
import type { AuditDoc } from '../store/models.js';

/** The events a team's audit log records, by source type, and the type each entry shows. */
export const AUDITED: Readonly<Record<string, string>> = {
  [EventTypes.identity.membershipAdded]: 'membership.added',
  [EventTypes.identity.membershipRemoved]: 'membership.removed',
  [EventTypes.identity.membershipRoleChanged]: 'membership.role_changed',
  [EventTypes.identity.invitationCreated]: 'invitation.created',
  [EventTypes.identity.invitationAccepted]: 'invitation.accepted',
  [EventTypes.identity.invitationDeclined]: 'invitation.declined',
  [EventTypes.identity.invitationRevoked]: 'invitation.revoked',
  [EventTypes.agents.agentCreated]: 'agent.created',
  [EventTypes.agents.agentUpdated]: 'agent.updated',
  [EventTypes.agents.agentDeleted]: 'agent.deleted',
  [EventTypes.agents.keyRotated]: 'agent.key_rotated',
};

export const auditTypeOf = (source: string): string | null => AUDITED[source] ?? null;

/** The audited source types one service's stream carries. */
export const auditedFrom = (service: 'identity' | 'agents'): string[] =>
  Object.keys(AUDITED).filter((type) => type.startsWith(`${service}.`));

/** Fields of an entry's data that name a person by id. */
const PERSON_FIELDS = ['userId', 'ownerId', 'invitedBy'] as const;

/**
 * An entry with deleted people replaced by "Deleted user" (id, name; an invitation's email
 * goes with its invitee): the record of what changed stays, whom it named does not.
 */
export function forgetPeople(entry: AuditDoc, deleted: readonly string[]): AuditDoc {
  const gone = (id: unknown) => typeof id === 'string' && deleted.includes(id);
  const data: Record<string, unknown> = { ...entry.data };
  for (const field of PERSON_FIELDS)
    if (gone(data[field])) {
      data[field] = DELETED_USER_ID;
      if (field === 'userId' && 'email' in data) data.email = null;
    }
  const actorGone = gone(entry.actor?.id);
  if (actorGone && 'actorName' in data) data.actorName = DELETED_USER_NAME;
  return {
    ...entry,
    actor: entry.actor && actorGone ? { ...entry.actor, id: DELETED_USER_ID } : entry.actor,
    data,
  };
}
