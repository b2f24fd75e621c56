import { describe, expect, it } from 'vitest';
import { KeyCache } from '../../src/auth/key-cache.js';
import { agentActor as agent, userActor as user } from '../support/harness.js';

describe('KeyCache', () => {
  it('keeps a positive verdict for the TTL and a negative one for the shorter negative TTL', () => {
    const cache = new KeyCache(60_000, 5_000);
    cache.set('fp-good', 'k1', user('u1'), 0);
    cache.set('fp-bad', 'k2', null, 0);
    expect(cache.get('fp-good', 59_999)?.actor).toEqual(user('u1'));
    expect(cache.get('fp-bad', 4_999)).toEqual({ actor: null, keyId: 'k2', expiresAt: 5_000 });
    expect(cache.get('fp-bad', 5_000)).toBeUndefined();
    expect(cache.get('fp-good', 60_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new KeyCache(60_000, 5_000, 2);
    cache.set('a', 'ka', user('a'), 0);
    cache.set('b', 'kb', user('b'), 0);
    cache.set('c', 'kc', user('c'), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.keyId).toBe('kc');
  });

  it('drops by key id, by user (own keys and owned agents) and by agent', () => {
    const cache = new KeyCache(60_000);
    cache.set('u1', 'k-u1', user('u1'));
    cache.set('u1b', 'k-u1b', user('u1'));
    cache.set('a1', 'k-a1', agent('a1', 'u1'));
    cache.set('a2', 'k-a2', agent('a2', 'u2'));
    cache.set('u2', 'k-u2', user('u2'));
    expect(cache.dropKey('k-u1b')).toBe(1);
    expect(cache.dropAgent('a2')).toBe(1);
    expect(cache.dropAgent('u2')).toBe(0);
    expect(cache.dropUser('u1')).toBe(2);
    expect(cache.size).toBe(1);
    expect(cache.get('u2')?.keyId).toBe('k-u2');
  });
});
