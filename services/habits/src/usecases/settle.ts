import { scopeOf, type Actor } from '@momentum/contracts';
import { dailyStreakToday } from '../domain/streaks.js';
import { taskUpdated } from '../events/task-events.js';
import type { HabitsDeps } from '../deps.js';
import { todayOf } from '../domain/days.js';

/**
 * Missed dailies are settled lazily, at the user's first request of a new day (their
 * time zone): a daily whose scheduled day passed undone has its stored streak reset to 0,
 * so reads and sorting by streak agree with the rule completion applies anyway.
 *
 * Each reset is decided on the daily as read and written only while it is so (its `rev`):
 * a completion that got there first moved the daily on, and the reset, decided again, sees
 * nothing missed any more instead of undoing it. The day is marked settled after the
 * resets, so a process that dies halfway leaves it for the next request to finish; two
 * requests settling at once both look, and the second finds nothing to reset.
 *
 * A day this process saw settled is remembered for a few seconds (settled-days.ts), so a
 * burst of one user's requests reads their profile once, not once per request.
 */
export async function settleNewDay(deps: HabitsDeps, actor: Actor): Promise<void> {
  const now = deps.now();
  if (deps.settledDays.settled(actor.userId, now)) return;
  const profile = await deps.profiles.get(actor.userId);
  const today = todayOf(profile, now);
  if (profile.settledDay === today) {
    deps.settledDays.remember(actor.userId, profile, today);
    return;
  }

  for (const daily of await deps.tasks.runningDailies(actor.userId)) {
    if (dailyStreakToday(daily, today) !== 0) continue;
    const reset = await deps.tasks.update(scopeOf(actor), daily._id, (task) => {
      if (dailyStreakToday(task, today) !== 0 || task.streak === 0) return { result: undefined };
      const set = { streak: 0, updatedAt: now };
      const event = taskUpdated(null, { ...task, ...set, rev: task.rev + 1 }, ['streak']);
      return { set, events: [event], result: undefined };
    });
    if (reset?.wrote) deps.outbox.flush(deps.tasks.model, daily._id, reset.outbox);
  }
  const settled = await deps.profiles.update(actor.userId, { settledDay: today }, now);
  // Remembered under the settings as written: a zone changed meanwhile decides "today".
  if (todayOf(settled, now) === today) deps.settledDays.remember(actor.userId, settled, today);
}
