import { describe, expect, it } from 'vitest';
import type { KeyRecord } from '@momentum/contracts';
import { KEY_HASH_COST } from '@momentum/config';
import { hashSecret, keyFingerprint, newApiKey } from '@momentum/keys';
import type { EventBus } from '@momentum/messaging';
import { KeyCache } from '../../src/auth/key-cache.js';
import { KeyResolver } from '../../src/auth/key-resolver.js';
import { UnknownKeyIds } from '../../src/auth/unknown-keys.js';
import { keepKeysFresh } from '../../src/events/key-freshness.js';
import { userActor } from '../support/harness.js';

describe('a verdict computed across a revocation is not cached', () => {
  it('a drop while the directory is asked leaves the verdict uncached (generation counter)', async () => {
    const key = newApiKey('u');
    const record: KeyRecord = {
      keyId: key.keyId,
      hash: await hashSecret(key.secret, KEY_HASH_COST.min),
      actor: userActor('r1'),
    };
    let release!: () => void;
    const asked = new Promise<void>((r) => (release = r));
    const cache = new KeyCache(60_000);
    const resolver = new KeyResolver(
      {
        lookup: async () => {
          await asked;
          return record;
        },
      },
      cache,
    );
    const verdict = resolver.resolve(key.raw);
    cache.dropKey(key.keyId); // the revocation event arrives mid-verification
    release();
    await expect(verdict).resolves.toEqual(record.actor);
    expect(cache.get(keyFingerprint(key.raw))).toBeUndefined();
    // Without a drop in between, the next verdict is cached as before.
    await resolver.resolve(key.raw);
    expect(cache.get(keyFingerprint(key.raw))?.actor).toEqual(record.actor);
  });
});

/** A bus that hands out status events and subject handlers as the test says. */
function fakeBus() {
  const handlers = new Map<string, () => void>();
  const statuses: Array<{ type: string }> = [];
  let wake: (() => void) | undefined;
  const bus = {
    prefix: 'p',
    subscribe: (subject: string, handler: () => void) => handlers.set(subject, handler),
    nc: {
      status: () => ({
        async *[Symbol.asyncIterator]() {
          for (;;) {
            while (statuses.length) yield statuses.shift()!;
            await new Promise<void>((r) => (wake = r));
          }
        },
      }),
    },
  };
  const emit = (type: string) => {
    statuses.push({ type });
    wake?.();
  };
  return { bus: bus as unknown as EventBus, handlers, emit };
}

describe('keepKeysFresh', () => {
  const log = { warn: () => undefined };

  it('a NATS reconnect drops every cached verdict and unknown key id', async () => {
    const { bus, emit } = fakeBus();
    const cache = new KeyCache(60_000);
    const unknown = new UnknownKeyIds(60_000);
    keepKeysFresh(bus, cache, unknown, log);
    cache.set('fp', 'k1', userActor('x'));
    unknown.addIfCurrent(unknown.generation, 'gone');
    emit('disconnect');
    await new Promise((r) => setTimeout(r, 10));
    expect(cache.size).toBe(1);
    const generation = cache.generation;
    emit('reconnect');
    await new Promise((r) => setTimeout(r, 10));
    expect(cache.size).toBe(0);
    expect(unknown.has('gone')).toBe(false);
    expect(cache.generation).toBeGreaterThan(generation);
  });

  it('a user or agent key created anywhere forgets the unknown key ids', () => {
    const { bus, handlers } = fakeBus();
    const unknown = new UnknownKeyIds(60_000);
    keepKeysFresh(bus, new KeyCache(60_000), unknown, log);
    expect([...handlers.keys()].sort()).toEqual([
      'p.agents.agent.created',
      'p.agents.key.rotated',
      'p.identity.user.created',
    ]);
    for (const handler of handlers.values()) {
      unknown.addIfCurrent(unknown.generation, 'k');
      handler();
      expect(unknown.has('k')).toBe(false);
    }
  });
});
