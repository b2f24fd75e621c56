import { EventTypes, subjectFor } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { MembershipSource } from '../clients/membership.js';

/**
 * Every replica drops its cached teams of a user whose membership changed (plain NATS,
 * not the durable consumer, which hands each event to one replica only): a member who
 * leaves a team stops receiving its events at once, not only when the cache runs out. A
 * deactivated user's live keys are none from then on (identity no longer knows them), so
 * what their keys made stops at once too.
 */
export function followMembershipChanges(bus: EventBus, membership: MembershipSource): void {
  for (const type of [
    EventTypes.identity.membershipAdded,
    EventTypes.identity.membershipRemoved,
    EventTypes.identity.userDeactivated,
    EventTypes.identity.userReactivated,
  ]) {
    bus.subscribe(subjectFor(bus.prefix, type), (event) => {
      const userId = (event as { data?: { userId?: unknown } } | null)?.data?.userId;
      if (typeof userId === 'string') membership.forget(userId);
    });
  }
}
