import type { Difficulty } from '@momentum/contracts';

/** Habitica's difficulty multipliers: harder tasks earn more. */
export const DIFFICULTY_MULTIPLIER: Record<Difficulty, number> = { trivial: 0.1, easy: 1, medium: 1.5, hard: 2 };

/** A fresh easy task is worth 6 XP (trivial 1, medium 9, hard 12). */
export const BASE_XP = 6;
/** +2% per consecutive completion after the first… */
export const STREAK_BONUS_PER_STEP = 0.02;
/** …capped at +100% (reached at a streak of 51). */
export const MAX_STREAK_BONUS = 1;

/** The multiplier a streak earns: 1 at streak 0 or 1, up to 2. */
export function streakMultiplier(streak: number): number {
  const steps = Math.max(0, streak - 1);
  return 1 + Math.min(MAX_STREAK_BONUS, steps * STREAK_BONUS_PER_STEP);
}

/**
 * XP for one completion, given the streak the completion reaches. A positive completion
 * always earns at least 1 XP; a slip (negative habit) earns nothing.
 */
export function xpForCompletion(difficulty: Difficulty, streak: number, slip = false): number {
  if (slip) return 0;
  return Math.max(1, Math.round(BASE_XP * DIFFICULTY_MULTIPLIER[difficulty] * streakMultiplier(streak)));
}
