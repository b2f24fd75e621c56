import { scopeOf, type Actor } from '@momentum/contracts';
import { dailyStreakToday } from '../domain/streaks.js';
import { taskUpdated } from '../events/task-events.js';
import type { ProfileState } from '../store/profile-store.js';
import { todayOf, type HabitsDeps } from './deps.js';

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
 * Returns the user's profile (the caller needs their day).
 */
export async function settleNewDay(deps: HabitsDeps, actor: Actor): Promise<ProfileState> {
  const profile = await deps.profiles.get(actor.userId);
  const now = deps.now();
  const today = todayOf(profile, now);
  if (profile.settledDay === today) return profile;

  for (const daily of await deps.tasks.runningDailies(actor.userId)) {
    if (dailyStreakToday(daily, today) !== 0) continue;
    const reset = await deps.tasks.update(scopeOf(actor), daily._id, (task) => {
      if (dailyStreakToday(task, today) !== 0 || task.streak === 0) return { result: undefined };
      const set = { streak: 0, updatedAt: now };
      const event = taskUpdated(null, { ...task, ...set, rev: task.rev + 1 }, ['streak']);
      return { set, events: [event], result: undefined };
    });
    if (reset?.wrote) deps.relay.flush(deps.tasks.model, daily._id);
  }
  await deps.profiles.update(actor.userId, { settledDay: today }, now);
  return { ...profile, settledDay: today };
}
