import { DELETED_USER_ID, DELETED_USER_NAME, EventTypes } from '@momentum/contracts';

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

/** What of an audit entry names people (the stored entry has more). */
export interface AuditNames {
  actor: { type: 'user' | 'agent' | 'system'; id: string } | null;
  data: Record<string, unknown>;
  people: string[];
}

/** Fields of an entry's data that name a person by id. */
const PERSON_FIELDS = ['userId', 'ownerId', 'invitedBy'] as const;

/** Whom an entry names: its actor, the people in its data, an invitee's email. */
export function peopleOf(actor: AuditNames['actor'], data: Record<string, unknown>): string[] {
  const named = [actor?.id, ...PERSON_FIELDS.map((f) => data[f]), data.email];
  return [...new Set(named.filter((v): v is string => typeof v === 'string' && v !== ''))];
}

/**
 * An entry with deleted people replaced by "Deleted user" (id, name; their email, and an
 * invitee's with them): the record of what changed stays, whom it named does not.
 */
export function forgetPeople<E extends AuditNames>(entry: E, deleted: readonly string[]): E {
  const gone = (v: unknown) => typeof v === 'string' && deleted.includes(v);
  const data: Record<string, unknown> = { ...entry.data };
  for (const field of PERSON_FIELDS)
    if (gone(data[field])) {
      data[field] = DELETED_USER_ID;
      if (field === 'userId' && 'email' in data) data.email = null;
    }
  if (gone(data.email)) data.email = null;
  const actorGone = gone(entry.actor?.id);
  if (actorGone && 'actorName' in data) data.actorName = DELETED_USER_NAME;
  const actor = entry.actor && actorGone ? { ...entry.actor, id: DELETED_USER_ID } : entry.actor;
  return { ...entry, actor, data, people: peopleOf(actor, data) };
}
