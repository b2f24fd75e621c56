import {
  conflict,
  notFound,
  scopeOf,
  type Actor,
  type CompleteTaskResult,
} from '@momentum/contracts';
import { complete } from '../domain/streaks.js';
import { xpForCompletion } from '../domain/xp.js';
import { levelFor } from '../domain/levels.js';
import { claimKey } from '../store/completion-store.js';
import { taskCompleted, userLeveledUp } from '../events/task-events.js';
import { todayOf, type HabitsDeps } from './deps.js';

/**
 * Completes a task for the actor's today: the task's streak (one serialized atomic write
 * with its event), then the XP of the actor's user (another), which may raise the level.
 * The completer earns the XP — for a team task, the member who did it.
 */
export async function completeTask(
  deps: HabitsDeps,
  actor: Actor,
  id: string,
): Promise<CompleteTaskResult> {
  const profile = await deps.profiles.get(actor.userId);
  const now = deps.now();
  const today = todayOf(profile, now);

  const done = await deps.tasks.serialized(id, async () => {
    const task = await deps.tasks.findVisible(scopeOf(actor), id);
    if (!task) throw notFound('Task');
    const outcome = complete(task, today);
    if (!outcome.ok) throw refusal(outcome.reason, today);
    if (task.type !== 'habit') {
      const claim = {
        _id: claimKey(task._id, task.type, today),
        taskId: task._id,
        completedBy: actor.id,
        day: today,
        at: now,
      };
      if (!(await deps.completions.claim(claim)))
        throw refusal(task.type === 'daily' ? 'completed_today' : 'already_completed', today);
    }
    const xpEarned = xpForCompletion(task.difficulty, outcome);
    const event = taskCompleted(actor, {
      id: task._id,
      userId: task.userId,
      teamId: task.teamId,
      type: task.type,
      completedBy: actor.id,
      day: today,
      streak: outcome.streak,
      xpEarned,
      slip: outcome.slip,
    });
    const set = {
      streak: outcome.streak,
      lastCompletedDay: today,
      completedAt: now,
      completions: task.completions + 1,
      dayCompletions: outcome.earlierToday + 1,
      updatedAt: now,
    };
    const written = await deps.tasks.write(id, set, [event]);
    if (!written) throw notFound('Task');
    return { task: written, xpEarned };
  });
  deps.relay.flush(deps.tasks.model, id);

  const progress = await awardXp(deps, actor, done.xpEarned, now);
  return {
    task: {
      id: done.task._id,
      streak: done.task.streak,
      updatedAt: done.task.updatedAt.toISOString(),
    },
    xpEarned: done.xpEarned,
    newLevel: progress.level,
    leveledUp: progress.leveledUp,
  };
}

const refusal = (reason: 'completed_today' | 'already_completed', today: string) =>
  reason === 'completed_today'
    ? conflict('This daily is already completed today', { rule: 'once_per_day', day: today })
    : conflict('This to-do is already completed', { rule: 'once' });

/** Adds XP; a level above the one last announced is announced once (leveled_up). */
async function awardXp(
  deps: HabitsDeps,
  actor: Actor,
  xp: number,
  now: Date,
): Promise<{ level: number; leveledUp: boolean }> {
  const userId = actor.userId;
  const result = await deps.profiles.serialized(userId, async () => {
    const current = await deps.profiles.get(userId);
    const total = current.xp + xp;
    const level = levelFor(total);
    if (xp === 0) return { level: levelFor(current.xp), leveledUp: false };
    const leveledUp = level > current.level;
    const levelUp = leveledUp
      ? {
          level,
          event: userLeveledUp(actor, { userId, level, previousLevel: current.level, xp: total }),
        }
      : undefined;
    await deps.profiles.addXp(userId, xp, now, levelUp);
    return { level, leveledUp };
  });
  if (result.leveledUp) deps.relay.flush(deps.profiles.model, userId);
  return result;
}
