import {
  EventTypes,
  type Actor,
  type EventEnvelope,
  type InvitationEventData,
  type MembershipEventData,
  type TeamRole,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';

/**
 * Identity events are invalidation signals for gateway caches (memberships change a
 * caller's teams; a revoked key must stop working). Each is stored with the write that
 * causes it and announced before the reply (`OutboxRelay.announce`).
 */
export const userCreated = (actor: Actor, user: { id: string; name: string }) =>
  makeEvent(EventTypes.identity.userCreated, user, actor);

/** The team's and the actor's names ride along for the notifications service (team.member_added). */
export const membershipAdded = (
  actor: Actor,
  team: { _id: string; name: string },
  userId: string,
  role: TeamRole,
): EventEnvelope<MembershipEventData> =>
  makeEvent(
    EventTypes.identity.membershipAdded,
    { teamId: team._id, userId, role, teamName: team.name, actorName: actor.name },
    actor,
  );

export const membershipRemoved = (
  actor: Actor,
  teamId: string,
  userId: string,
  role: TeamRole,
): EventEnvelope<MembershipEventData> =>
  makeEvent(EventTypes.identity.membershipRemoved, { teamId, userId, role }, actor);

export const membershipRoleChanged = (
  actor: Actor,
  teamId: string,
  userId: string,
  change: { role: TeamRole; previousRole: TeamRole },
): EventEnvelope<MembershipEventData> =>
  makeEvent(EventTypes.identity.membershipRoleChanged, { teamId, userId, ...change }, actor);

export const keyRevoked = (actor: Actor, keyId: string, userId: string) =>
  makeEvent(EventTypes.identity.keyRevoked, { keyId, userId }, actor);

/** A profile changed: gateways drop the user's cached actors (their name rides on them). */
export const userUpdated = (actor: Actor, userId: string, changed: string[]) =>
  makeEvent(EventTypes.identity.userUpdated, { userId, changed }, actor);

/**
 * A user deactivated by an admin: every gateway drops and then refuses the user's keys and
 * their agents' keys; holders of the user's grants (OAuth) end them.
 */
export const userDeactivated = (actor: Actor, userId: string) =>
  makeEvent(EventTypes.identity.userDeactivated, { userId }, actor);

export const userReactivated = (actor: Actor, userId: string) =>
  makeEvent(EventTypes.identity.userReactivated, { userId }, actor);
const INVITATION_EVENTS = {
  created: EventTypes.identity.invitationCreated,
  accepted: EventTypes.identity.invitationAccepted,
  declined: EventTypes.identity.invitationDeclined,
  revoked: EventTypes.identity.invitationRevoked,
} as const;

/** An invitation made or ended, for the team's audit log (never delivered to webhooks). */
export const invitationEvent = (
  actor: Actor,
  what: keyof typeof INVITATION_EVENTS,
  invitation: InvitationEventData,
): EventEnvelope<InvitationEventData> => makeEvent(INVITATION_EVENTS[what], invitation, actor);
