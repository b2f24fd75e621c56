import type { Difficulty } from '@momentum/contracts';

/** Habitica's difficulty multipliers: harder tasks earn more. */
export const DIFFICULTY_MULTIPLIER: Record<Difficulty, number> = {
  trivial: 0.1,
  easy: 1,
  medium: 1.5,
  hard: 2,
};

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
 * Repeating a habit within one day earns less each time, as Habitica lowers a task's
 * worth the more it is done (its 0.9747 base): the n-th repeat pays 0.9747^n, but never
 * under half. This keeps the per-completion streak bonus from rewarding button mashing.
 */
export const REPEAT_DECAY = 0.9747;
export const MIN_REPEAT_FACTOR = 0.5;

export const repeatFactor = (earlierToday: number): number =>
  Math.max(MIN_REPEAT_FACTOR, REPEAT_DECAY ** Math.max(0, earlierToday));

export interface CompletionFacts {
  /** The streak this completion reaches. */
  streak: number;
  /** A negative habit's completion: earns nothing. */
  slip?: boolean;
  /** Completions of the same task already made today (habits only; 0 otherwise). */
  earlierToday?: number;
}

/**
 * XP for one completion: base × difficulty × streak bonus × repeat factor, rounded. A
 * positive completion always earns at least 1 XP; a slip earns nothing. With the floor
 * of the repeat factor at ½, harder still pays strictly more than easier.
 */
export function xpForCompletion(difficulty: Difficulty, facts: CompletionFacts): number {
  if (facts.slip) return 0;
  const worth = streakMultiplier(facts.streak) * repeatFactor(facts.earlierToday ?? 0);
  return Math.max(1, Math.round(BASE_XP * DIFFICULTY_MULTIPLIER[difficulty] * worth));
}
