import { describe, expect, it } from 'vitest';
import { decideCompletion, type CompletableTask } from '../../src/domain/completion.js';

const task = (over: Partial<CompletableTask> = {}): CompletableTask => ({
  type: 'habit',
  isPositive: true,
  schedule: null,
  streak: 0,
  lastCompletedDay: null,
  dayCompletions: 0,
  difficulty: 'easy',
  completions: 0,
  ...over,
});
const now = new Date('2025-03-12T09:00:00Z');

describe('decideCompletion', () => {
  it('a first completion: streak 1, 6 XP for an easy task, the counters written', () => {
    expect(decideCompletion(task(), '2025-03-12', now)).toEqual({
      ok: true,
      streak: 1,
      slip: false,
      xpEarned: 6,
      changes: {
        streak: 1,
        lastCompletedDay: '2025-03-12',
        completedAt: now,
        completions: 1,
        dayCompletions: 1,
        updatedAt: now,
      },
    });
  });

  it('a habit repeated today counts the day on and earns less', () => {
    const first = decideCompletion(task({ streak: 10 }), '2025-03-12', now);
    const again = decideCompletion(
      task({ streak: 10, lastCompletedDay: '2025-03-12', dayCompletions: 20, completions: 40 }),
      '2025-03-12',
      now,
    );
    if (!first.ok || !again.ok) throw new Error('refused');
    expect(again.changes).toMatchObject({ streak: 11, completions: 41, dayCompletions: 21 });
    expect(again.xpEarned).toBeLessThan(first.xpEarned);
  });

  it('a slip resets the streak and earns nothing', () => {
    const slip = decideCompletion(task({ isPositive: false, streak: 4 }), '2025-03-12', now);
    expect(slip).toMatchObject({ ok: true, streak: 0, slip: true, xpEarned: 0 });
  });

  it('refuses a daily done today and a to-do done', () => {
    const daily = task({ type: 'daily', isPositive: null, lastCompletedDay: '2025-03-12' });
    expect(decideCompletion(daily, '2025-03-12', now)).toEqual({
      ok: false,
      reason: 'completed_today',
    });
    const todo = task({ type: 'todo', isPositive: null, lastCompletedDay: '2025-03-01' });
    expect(decideCompletion(todo, '2025-03-12', now)).toEqual({
      ok: false,
      reason: 'already_completed',
    });
  });
});
