import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Difficulties } from '@momentum/contracts';
import { repeatFactor, streakMultiplier, xpForCompletion } from '../../src/domain/xp.js';

describe('XP per completion', () => {
  it('pays by difficulty for a first completion: trivial 1, easy 6, medium 9, hard 12', () => {
    expect(Difficulties.map((d) => xpForCompletion(d, { streak: 1 }))).toEqual([1, 6, 9, 12]);
  });

  it('adds a streak bonus of 2% per step, capped at double', () => {
    expect(streakMultiplier(0)).toBe(1);
    expect(streakMultiplier(1)).toBe(1);
    expect(streakMultiplier(11)).toBeCloseTo(1.2);
    expect(streakMultiplier(51)).toBe(2);
    expect(streakMultiplier(500)).toBe(2);
    expect(xpForCompletion('hard', { streak: 11 })).toBe(14);
    expect(xpForCompletion('hard', { streak: 51 })).toBe(24);
    expect(xpForCompletion('hard', { streak: 1000 })).toBe(24);
  });

  it('pays less for repeats of a habit on one day, never under half', () => {
    expect([0, 1, 2, 10, 27, 28, 100].map(repeatFactor).map((f) => Number(f.toFixed(3)))).toEqual([
      1, 0.975, 0.95, 0.774, 0.501, 0.5, 0.5,
    ]);
    expect(xpForCompletion('hard', { streak: 1, earlierToday: 0 })).toBe(12);
    expect(xpForCompletion('hard', { streak: 11, earlierToday: 10 })).toBe(11);
    expect(xpForCompletion('hard', { streak: 200, earlierToday: 200 })).toBe(12);
    expect(xpForCompletion('easy', { streak: 1, earlierToday: 200 })).toBe(3);
  });

  it('gives nothing for a slip', () => {
    expect(xpForCompletion('hard', { streak: 0, slip: true })).toBe(0);
  });

  it('pays harder tasks strictly more, for any streak and repeat, and never less than 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.nat(1_000), (streak, earlierToday) => {
        const xp = Difficulties.map((d) => xpForCompletion(d, { streak, earlierToday }));
        for (let i = 1; i < xp.length; i++) expect(xp[i]!).toBeGreaterThan(xp[i - 1]!);
        expect(xp[0]).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('never pays less for a longer streak', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Difficulties),
        fc.nat(200),
        fc.nat(200),
        fc.nat(50),
        (d, a, b, r) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(xpForCompletion(d, { streak: hi, earlierToday: r })).toBeGreaterThanOrEqual(
            xpForCompletion(d, { streak: lo, earlierToday: r }),
          );
        },
      ),
    );
  });
});
