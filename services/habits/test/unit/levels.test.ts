import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { levelFor, progressFor, xpForLevelUp } from '../../src/domain/levels.js';
import { xpForCompletion } from '../../src/domain/xp.js';

describe('level curve', () => {
  it('follows the familiar steps: 25·l below 5, 150 at 5, then the quadratic', () => {
    expect([1, 2, 3, 4].map(xpForLevelUp)).toEqual([25, 50, 75, 100]);
    expect(xpForLevelUp(5)).toBe(150);
    expect(xpForLevelUp(6)).toBe(210);
    expect(xpForLevelUp(10)).toBe(260);
    expect(xpForLevelUp(99)).toBe(3580);
  });

  it('starts at level 1 and carries leftover XP over', () => {
    expect(progressFor(0)).toEqual({ level: 1, xpIntoLevel: 0, xpToNextLevel: 25 });
    expect(progressFor(24)).toEqual({ level: 1, xpIntoLevel: 24, xpToNextLevel: 1 });
    expect(progressFor(25)).toEqual({ level: 2, xpIntoLevel: 0, xpToNextLevel: 50 });
    expect(progressFor(80)).toEqual({ level: 3, xpIntoLevel: 5, xpToNextLevel: 70 });
    // 25+50+75+100 = 250 reaches 5; +150 = 400 reaches 6.
    expect(levelFor(250)).toBe(5);
    expect(levelFor(399)).toBe(5);
    expect(levelFor(400)).toBe(6);
  });

  it('never goes down as XP grows', () => {
    fc.assert(
      fc.property(fc.nat(200_000), fc.nat(5_000), (xp, more) => {
        expect(levelFor(xp + more)).toBeGreaterThanOrEqual(levelFor(xp));
      }),
    );
  });

  it('lets a new user reach level 2 within a few dozen hard completions', () => {
    let xp = 0;
    let completions = 0;
    while (levelFor(xp) < 2) {
      completions += 1;
      xp += xpForCompletion('hard', { streak: completions });
    }
    expect(completions).toBeLessThanOrEqual(36);
    expect(completions).toBe(3);
  });
});
