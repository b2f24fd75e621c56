import type { TaskType } from '@momentum/contracts';
import { addDays, daysBetween, weekdayOf } from './days.js';

/** What the completion rules need to know about a task. */
export interface StreakState {
  type: TaskType;
  isPositive: boolean | null;
  schedule: { days: number[] } | null;
  streak: number;
  /** The completer's day of the last completion, `YYYY-MM-DD`. */
  lastCompletedDay: string | null;
  /** How many completions `lastCompletedDay` saw (a habit may be done many times). */
  dayCompletions: number;
}

export type CompletionOutcome =
  | {
      ok: true;
      streak: number;
      slip: boolean;
      /** Completions already made today, before this one (repeats earn less, see xp.ts). */
      earlierToday: number;
    }
  | { ok: false; reason: 'completed_today' | 'already_completed' };

/**
 * Has a scheduled day passed undone strictly between the last completion and today
 * (neither of the two counts)? Any seven consecutive days contain every weekday, so a
 * longer gap is a miss whenever the schedule names at least one day.
 */
export function missedScheduledDay(
  days: readonly number[],
  lastDay: string | null,
  today: string,
): boolean {
  if (lastDay === null || days.length === 0) return false;
  const gap = daysBetween(lastDay, today);
  if (gap <= 1) return false;
  if (gap > 7) return true;
  for (let i = 1; i < gap; i++) if (days.includes(weekdayOf(addDays(lastDay, i)))) return true;
  return false;
}

/**
 * A daily's streak as it stands today: 0 once a scheduled day has passed undone,
 * otherwise what is stored. Unscheduled days change nothing.
 */
export function dailyStreakToday(
  state: Pick<StreakState, 'schedule' | 'streak' | 'lastCompletedDay'>,
  today: string,
): number {
  return missedScheduledDay(state.schedule?.days ?? [], state.lastCompletedDay, today)
    ? 0
    : state.streak;
}

/**
 * One completion on `today`:
 * - positive habit: any number of times a day, streak +1 each time;
 * - negative habit: a slip — the streak goes back to 0 (no XP, see xp.ts);
 * - daily: once per day (a second time is refused); streak +1, restarting from 1 when a
 *   scheduled day was missed since the last completion; an unscheduled day may be done too;
 * - to-do: once ever; streak 0 → 1.
 */
export function complete(state: StreakState, today: string): CompletionOutcome {
  switch (state.type) {
    case 'habit': {
      const earlierToday = state.lastCompletedDay === today ? state.dayCompletions : 0;
      return state.isPositive === false
        ? { ok: true, streak: 0, slip: true, earlierToday }
        : { ok: true, streak: state.streak + 1, slip: false, earlierToday };
    }
    case 'daily':
      // `>=`: after a time-zone change "today" may lie before the last completion's day.
      if (state.lastCompletedDay !== null && state.lastCompletedDay >= today)
        return { ok: false, reason: 'completed_today' };
      return { ok: true, streak: dailyStreakToday(state, today) + 1, slip: false, earlierToday: 0 };
    case 'todo':
      if (state.lastCompletedDay !== null) return { ok: false, reason: 'already_completed' };
      return { ok: true, streak: state.streak + 1, slip: false, earlierToday: 0 };
  }
}
