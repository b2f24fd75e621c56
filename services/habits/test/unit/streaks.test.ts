import { describe, expect, it } from 'vitest';
import {
  complete,
  dailyStreakToday,
  missedScheduledDay,
  type StreakState,
} from '../../src/domain/streaks.js';

const habit = (over: Partial<StreakState> = {}): StreakState => ({
  type: 'habit',
  isPositive: true,
  schedule: null,
  streak: 0,
  lastCompletedDay: null,
  dayCompletions: 0,
  ...over,
});
// Mon, Wed, Fri. 2025-03-10 is a Monday.
const daily = (over: Partial<StreakState> = {}): StreakState => ({
  type: 'daily',
  isPositive: null,
  schedule: { days: [1, 3, 5] },
  streak: 0,
  lastCompletedDay: null,
  dayCompletions: 0,
  ...over,
});
const todo = (over: Partial<StreakState> = {}): StreakState => ({
  type: 'todo',
  isPositive: null,
  schedule: null,
  streak: 0,
  lastCompletedDay: null,
  dayCompletions: 0,
  ...over,
});

describe('habits', () => {
  it('count many times a day, the streak rising each time, and count the repeats', () => {
    let state = habit();
    for (let i = 1; i <= 5; i++) {
      const out = complete(state, '2025-03-10');
      expect(out).toEqual({ ok: true, streak: i, slip: false, earlierToday: i - 1 });
      if (out.ok)
        state = { ...state, streak: out.streak, lastCompletedDay: '2025-03-10', dayCompletions: i };
    }
    // A new day starts the repeat count again; the streak carries on.
    expect(complete(state, '2025-03-11')).toEqual({
      ok: true,
      streak: 6,
      slip: false,
      earlierToday: 0,
    });
  });

  it('treat a negative habit as a slip: streak back to 0', () => {
    expect(complete(habit({ isPositive: false, streak: 7 }), '2025-03-10')).toEqual({
      ok: true,
      streak: 0,
      slip: true,
      earlierToday: 0,
    });
  });
});

describe('dailies', () => {
  it('count once per day; a second completion the same day is refused', () => {
    expect(complete(daily(), '2025-03-10')).toEqual({
      ok: true,
      streak: 1,
      slip: false,
      earlierToday: 0,
    });
    expect(complete(daily({ streak: 1, lastCompletedDay: '2025-03-10' }), '2025-03-10')).toEqual({
      ok: false,
      reason: 'completed_today',
    });
  });

  it('refuse a "today" before the last completion (after a time-zone change)', () => {
    expect(complete(daily({ streak: 1, lastCompletedDay: '2025-03-11' }), '2025-03-10')).toEqual({
      ok: false,
      reason: 'completed_today',
    });
  });

  it('keep the streak over unscheduled days', () => {
    // Fri → Mon: Sat and Sun are not scheduled.
    expect(
      complete(daily({ streak: 4, lastCompletedDay: '2025-03-14' }), '2025-03-17'),
    ).toMatchObject({ streak: 5 });
    // Mon → Wed: Tuesday is not scheduled.
    expect(
      complete(daily({ streak: 4, lastCompletedDay: '2025-03-10' }), '2025-03-12'),
    ).toMatchObject({ streak: 5 });
  });

  it('restart from 1 when a scheduled day passed undone', () => {
    // Mon → Thu: Wednesday was missed.
    expect(
      complete(daily({ streak: 4, lastCompletedDay: '2025-03-10' }), '2025-03-13'),
    ).toMatchObject({ streak: 1 });
    // More than a week away always misses a scheduled day.
    expect(
      complete(
        daily({ schedule: { days: [0] }, streak: 9, lastCompletedDay: '2025-03-09' }),
        '2025-03-17',
      ),
    ).toMatchObject({ streak: 1 });
  });

  it('may be done on an unscheduled day, which counts', () => {
    expect(
      complete(daily({ streak: 2, lastCompletedDay: '2025-03-10' }), '2025-03-11'),
    ).toMatchObject({ streak: 3 });
  });

  it('show streak 0 today once a scheduled day was missed', () => {
    expect(
      dailyStreakToday(daily({ streak: 3, lastCompletedDay: '2025-03-10' }), '2025-03-12'),
    ).toBe(3);
    expect(
      dailyStreakToday(daily({ streak: 3, lastCompletedDay: '2025-03-10' }), '2025-03-13'),
    ).toBe(0);
    expect(missedScheduledDay([1, 3, 5], null, '2025-03-13')).toBe(false);
    expect(missedScheduledDay([1, 3, 5], '2025-03-12', '2025-03-13')).toBe(false);
  });
});

describe('to-dos', () => {
  it('complete once; again is refused', () => {
    expect(complete(todo(), '2025-03-10')).toEqual({
      ok: true,
      streak: 1,
      slip: false,
      earlierToday: 0,
    });
    expect(complete(todo({ streak: 1, lastCompletedDay: '2025-03-10' }), '2025-03-12')).toEqual({
      ok: false,
      reason: 'already_completed',
    });
  });
});
