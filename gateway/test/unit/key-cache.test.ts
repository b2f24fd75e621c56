import { describe, expect, it } from 'vitest';
import { KeyCache } from '../../src/auth/key-cache.js';
import { agentActor as agent, userActor as user } from '../support/harness.js';

describe('KeyCache', () => {
  it('keeps a positive verdict for the TTL and a negative one for the shorter negative TTL', () => {
    const T0 = 1_000_000; // any time but 0, which lru-cache reads as "no start time"
    const clock = { now: () => T0 };
    const at = (ms: number) => ((clock.now = () => T0 + ms), cache);
    const cache = new KeyCache(60_000, 5_000, 50_000, clock);
    cache.set('fp-good', 'k1', user('u1'));
    cache.set('fp-bad', 'k2', null);
    expect(at(59_999).get('fp-good')?.actor).toEqual(user('u1'));
    expect(at(4_999).get('fp-bad')).toEqual({ actor: null, keyId: 'k2' });
    expect(at(5_001).get('fp-bad')).toBeUndefined();
    expect(at(60_001).get('fp-good')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the least recently used entry goes first', () => {
    const cache = new KeyCache(60_000, 5_000, 2);
    cache.set('a', 'ka', user('a'));
    cache.set('b', 'kb', user('b'));
    cache.set('c', 'kc', user('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.keyId).toBe('kb'); // read: now c is the least recently used
    cache.set('d', 'kd', user('d'));
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')?.keyId).toBe('kb');
  });

  it('caches nothing with a TTL of 0', () => {
    const cache = new KeyCache(0, 0);
    cache.set('a', 'ka', user('a'));
    cache.set('b', 'kb', null);
    expect(cache.size).toBe(0);
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
