import type { Difficulty } from '@momentum/contracts';
import { complete, type StreakState } from './streaks.js';
import { xpForCompletion } from './xp.js';

/** What deciding a completion needs to know about a task. */
export interface CompletableTask extends StreakState {
  difficulty: Difficulty;
  /** Completions so far, every day together. */
  completions: number;
}

/** The fields one completion writes on its task. */
export interface CompletionChanges {
  streak: number;
  lastCompletedDay: string;
  completedAt: Date;
  completions: number;
  dayCompletions: number;
  updatedAt: Date;
}

export type CompletionDecision =
  | {
      ok: true;
      streak: number;
      /** A negative habit's completion: the streak back to 0, no XP. */
      slip: boolean;
      xpEarned: number;
      changes: CompletionChanges;
    }
  | { ok: false; reason: 'completed_today' | 'already_completed' };

/**
 * What completing `task` on the completer's `today` (at `now`) changes: its streak
 * (streaks.ts), the XP earned (xp.ts) and the counters written with it; or why the rules
 * refuse it (a daily done today, a to-do done).
 */
export function decideCompletion(
  task: CompletableTask,
  today: string,
  now: Date,
): CompletionDecision {
  const outcome = complete(task, today);
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    streak: outcome.streak,
    slip: outcome.slip,
    xpEarned: xpForCompletion(task.difficulty, outcome),
    changes: {
      streak: outcome.streak,
      lastCompletedDay: today,
      completedAt: now,
      completions: task.completions + 1,
      dayCompletions: outcome.earlierToday + 1,
      updatedAt: now,
    },
  };
}
