import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Difficulties } from '@momentum/contracts';
import { streakMultiplier, xpForCompletion } from '../../src/domain/xp.js';

describe('XP per completion', () => {
  it('pays by difficulty for a first completion: trivial 1, easy 6, medium 9, hard 12', () => {
    expect(Difficulties.map((d) => xpForCompletion(d, 1))).toEqual([1, 6, 9, 12]);
  });

  it('adds a streak bonus of 2% per step, capped at double', () => {
    expect(streakMultiplier(0)).toBe(1);
    expect(streakMultiplier(1)).toBe(1);
    expect(streakMultiplier(11)).toBeCloseTo(1.2);
    expect(streakMultiplier(51)).toBe(2);
    expect(streakMultiplier(500)).toBe(2);
    expect(xpForCompletion('hard', 11)).toBe(14);
    expect(xpForCompletion('hard', 51)).toBe(24);
    expect(xpForCompletion('hard', 1000)).toBe(24);
  });

  it('gives nothing for a slip', () => {
    expect(xpForCompletion('hard', 0, true)).toBe(0);
  });

  it('pays harder tasks at least as much, for any streak, and never less than 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (streak) => {
        const xp = Difficulties.map((d) => xpForCompletion(d, streak));
        for (let i = 1; i < xp.length; i++) expect(xp[i]!).toBeGreaterThan(xp[i - 1]!);
        expect(xp[0]).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('never pays less for a longer streak', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Difficulties), fc.nat(200), fc.nat(200), (d, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(xpForCompletion(d, hi)).toBeGreaterThanOrEqual(xpForCompletion(d, lo));
      }),
    );
  });
});
