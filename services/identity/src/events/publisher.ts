import { EventTypes, makeEvent, type Actor } from '@momentum/contracts';
import type { EventBus } from '@momentum/service-kit';

/**
 * Identity events are invalidation signals for gateway caches (memberships change a
 * caller's teams; a revoked key must stop working). They are published before the
 * reply, so a client that saw the reply can rely on them having gone out.
 */
export class IdentityEvents {
  constructor(private readonly bus: EventBus) {}

  userCreated(actor: Actor, user: { id: string; name: string }) {
    return this.bus.publish(makeEvent(EventTypes.identity.userCreated, user, actor));
  }
  membershipAdded(actor: Actor, teamId: string, userId: string) {
    return this.bus.publish(
      makeEvent(EventTypes.identity.membershipAdded, { teamId, userId }, actor),
    );
  }
  membershipRemoved(actor: Actor, teamId: string, userId: string) {
    return this.bus.publish(
      makeEvent(EventTypes.identity.membershipRemoved, { teamId, userId }, actor),
    );
  }
  keyRevoked(actor: Actor, keyId: string, userId: string) {
    return this.bus.publish(makeEvent(EventTypes.identity.keyRevoked, { keyId, userId }, actor));
  }
}
