import { EventTypes } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { KeyCache } from '../auth/key-cache.js';
import type { UnknownKeyIds } from '../auth/unknown-keys.js';

/**
 * What keeps this gateway's key verdicts honest beyond the invalidation events: a user or
 * an agent key created anywhere empties the unknown-key-id cache (a user's extra key has a
 * fresh random id no one can have tried; the gateway that carried it clears its own), and a NATS reconnect drops every cached verdict, since revocations published while
 * the connection was away were missed (the subscriptions are plain, not durable).
 */
export function keepKeysFresh(
  bus: EventBus,
  cache: KeyCache,
  unknown: UnknownKeyIds,
  log: { warn(obj: object, msg: string): void },
): void {
  const p = bus.prefix;
  for (const type of [
    EventTypes.identity.userCreated,
    EventTypes.agents.agentCreated,
    EventTypes.agents.keyRotated,
  ]) {
    bus.subscribe(`${p}.${type}`, () => unknown.clear());
  }
  void (async () => {
    for await (const status of bus.nc.status()) {
      if (status.type !== 'reconnect') continue;
      cache.clear();
      unknown.clear();
      log.warn({ nats: 'reconnect' }, 'key verdicts dropped: revocations may have been missed');
    }
  })();
}
