import { EventTypes } from '@momentum/contracts';

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
