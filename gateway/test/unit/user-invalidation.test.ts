import { describe, expect, it } from 'vitest';
import { EventTypes } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import { subscribeInvalidation } from '../../src/events/invalidation.js';
import { KeyCache } from '../../src/auth/key-cache.js';
import { agentActor, userActor } from '../support/harness.js';

/** A bus that hands each published subject to the handlers subscribed to it (`*`, `>` too). */
function fakeBus() {
  const subs: Array<[RegExp, (e: unknown) => void]> = [];
  const bus = {
    prefix: 'p',
    subscribe(subject: string, fn: (e: unknown) => void) {
      const pattern = subject
        .split('.')
        .map((part) => (part === '*' ? '[^.]+' : part === '>' ? '.+' : part))
        .join('\\.');
      subs.push([new RegExp(`^${pattern}$`), fn]);
    },
  } as unknown as EventBus;
  const publish = (type: string, data: unknown) => {
    for (const [re, fn] of subs) if (re.test(`p.${type}`)) fn({ type, data });
  };
  return { bus, publish };
}

describe('every gateway drops a user’s cached keys on identity’s user events', () => {
  it('deactivated, reactivated or renamed: the user’s own keys and their agents’, no one else’s', () => {
    const { bus, publish } = fakeBus();
    const cache = new KeyCache(60_000);
    subscribeInvalidation(bus, cache);
    for (const type of [
      EventTypes.identity.userDeactivated,
      EventTypes.identity.userReactivated,
      EventTypes.identity.userUpdated,
    ]) {
      cache.set('k-ada', 'ada-key', userActor('ada'));
      cache.set('k-bot', 'bot-key', agentActor('bot', 'ada'));
      cache.set('k-bob', 'bob-key', userActor('bob'));
      publish(type, { userId: 'ada' });
      expect(cache.get('k-ada'), type).toBeUndefined();
      expect(cache.get('k-bot'), type).toBeUndefined();
      expect(cache.get('k-bob'), type).toBeDefined();
    }
    // identity.user.created carries no userId: it drops nothing.
    publish(EventTypes.identity.userCreated, { id: 'bob', name: 'Bob' });
    expect(cache.get('k-bob')).toBeDefined();
  });
});
