import { describe, expect, it } from 'vitest';
import { UnknownKeyIds } from '../../src/auth/unknown-keys.js';

/** A clock the test moves (lru-cache reads 0 as "no start time": any other start will do). */
const clock = () => {
  const c = { t: 1_000_000, now: () => c.t };
  return c;
};

describe('unknown key ids', () => {
  it('are remembered for the TTL, then forgotten', () => {
    const c = clock();
    const unknown = new UnknownKeyIds(60_000, 10, c);
    unknown.addIfCurrent(unknown.generation, 'k');
    c.t += 60_000;
    expect(unknown.has('k')).toBe(true);
    c.t += 1;
    expect(unknown.has('k')).toBe(false);
  });

  it('count only in the verdict-cache epoch they were learnt in', () => {
    const unknown = new UnknownKeyIds(60_000, 10, clock());
    unknown.addIfCurrent(unknown.generation, 'k', 3);
    expect(unknown.has('k', 4)).toBe(false);
    expect(unknown.has('k', 3)).toBe(false); // dropped when seen stale
  });

  it('are not remembered across a key creation, nor at all with a TTL of 0', () => {
    const unknown = new UnknownKeyIds(60_000, 10, clock());
    const generation = unknown.generation;
    unknown.clear();
    unknown.addIfCurrent(generation, 'k');
    expect(unknown.has('k')).toBe(false);
    const off = new UnknownKeyIds(0);
    off.addIfCurrent(off.generation, 'k');
    expect(off.has('k')).toBe(false);
    expect(off.size).toBe(0);
  });

  it('keep at most maxEntries, the least recently used going first', () => {
    const unknown = new UnknownKeyIds(60_000, 2, clock());
    for (const id of ['a', 'b', 'c']) unknown.addIfCurrent(unknown.generation, id);
    expect(unknown.size).toBe(2);
    expect(unknown.has('a')).toBe(false);
    expect(unknown.has('c')).toBe(true);
  });
});
