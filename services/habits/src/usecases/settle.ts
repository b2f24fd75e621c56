import type { Actor } from '@momentum/contracts';
import { dailyStreakToday } from '../domain/streaks.js';
import { taskUpdated } from '../events/task-events.js';
import type { ProfileState } from '../store/profile-store.js';
import { todayOf, type HabitsDeps } from './deps.js';

/**
 * Missed dailies are settled lazily, at the user's first request of a new day (their
 * time zone): a daily whose scheduled day passed undone has its stored streak reset to 0,
 * so reads and sorting by streak agree with the rule completion applies anyway.
 * Returns the user's profile (the caller needs their day).
 */
export async function settleNewDay(deps: HabitsDeps, actor: Actor): Promise<ProfileState> {
  const profile = await deps.profiles.get(actor.userId);
  const now = deps.now();
  const today = todayOf(profile, now);
  if (profile.settledDay === today) return profile;

  const claimed = await deps.profiles.serialized(actor.userId, async () => {
    const fresh = await deps.profiles.get(actor.userId);
    if (fresh.settledDay === today) return false;
    await deps.profiles.update(actor.userId, { settledDay: today }, now);
    return true;
  });
  if (!claimed) return profile;

  for (const daily of await deps.tasks.runningDailies(actor.userId)) {
    if (dailyStreakToday(daily, today) !== 0) continue;
    const reset = await deps.tasks.serialized(daily._id, async () => {
      const task = await deps.tasks.findById(daily._id);
      if (!task || dailyStreakToday(task, today) !== 0 || task.streak === 0) return false;
      const set = { streak: 0, updatedAt: now };
      await deps.tasks.write(task._id, set, [
        taskUpdated(null, { ...task, ...set, rev: task.rev + 1 }, ['streak']),
      ]);
      return true;
    });
    if (reset) deps.relay.flush(deps.tasks.model, daily._id);
  }
  return { ...profile, settledDay: today };
}
