import { EventTypes, type AgentEventData, type UserEventData } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { KeyCache } from '../auth/key-cache.js';

/**
 * Every gateway process drops cached key verdicts the moment identity or agents say a
 * key, an agent or a user's teams changed. Plain (non-durable) subscriptions: a
 * gateway that was down has an empty cache anyway.
 */
export function subscribeInvalidation(bus: EventBus, cache: KeyCache): void {
  const p = bus.prefix;
  bus.subscribe(`${p}.identity.key.revoked`, (e) =>
    cache.dropKey(dataOf<{ keyId: string }>(e).keyId),
  );
  bus.subscribe(`${p}.identity.membership.*`, (e) =>
    cache.dropUser(dataOf<{ userId: string }>(e).userId),
  );
  // A deactivated user's keys (and their agents', whose actors carry the owner's id) are
  // verified again, and identity refuses them; a renamed user's actor carries the new name.
  for (const type of [
    EventTypes.identity.userUpdated,
    EventTypes.identity.userDeactivated,
    EventTypes.identity.userReactivated,
  ])
    bus.subscribe(`${p}.${type}`, (e) => cache.dropUser(dataOf<UserEventData>(e).userId));
  bus.subscribe(`${p}.agents.>`, (e) => {
    const data = dataOf<AgentEventData>(e);
    if (data?.id) cache.dropAgent(data.id);
    if (data?.revokedKeyId) cache.dropKey(data.revokedKeyId);
  });
}

const dataOf = <T>(event: unknown): T => (event as { data: T }).data;
