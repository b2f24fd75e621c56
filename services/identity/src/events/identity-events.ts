import { EventTypes, makeEvent, type Actor } from '@momentum/contracts';

/**
 * Identity events are invalidation signals for gateway caches (memberships change a
 * caller's teams; a revoked key must stop working). Each is stored with the write that
 * causes it and announced before the reply (`OutboxRelay.announce`).
 */
export const userCreated = (actor: Actor, user: { id: string; name: string }) =>
  makeEvent(EventTypes.identity.userCreated, user, actor);

export const membershipAdded = (actor: Actor, teamId: string, userId: string) =>
  makeEvent(EventTypes.identity.membershipAdded, { teamId, userId }, actor);

export const membershipRemoved = (actor: Actor, teamId: string, userId: string) =>
  makeEvent(EventTypes.identity.membershipRemoved, { teamId, userId }, actor);

export const keyRevoked = (actor: Actor, keyId: string, userId: string) =>
  makeEvent(EventTypes.identity.keyRevoked, { keyId, userId }, actor);
