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
import { claimKey, type Claim } from '../store/completion-store.js';
import type { TaskDoc } from '../store/models.js';
import type { ProfileState } from '../store/profile-store.js';
import type { TaskDecision } from '../store/task-store.js';
import { taskCompleted, userLeveledUp } from '../events/task-events.js';
import { todayOf, type HabitsDeps } from './deps.js';

/**
 * Completes a task for the actor's today: the task's streak, counters and its
 * `task.completed` event in one write decided on the task as read (and decided again if
 * another write got there first), then the XP of the actor's user in one `$inc`, which may
 * raise the level. The completer earns the XP — for a team task, the member who did it.
 *
 * A daily (once a day) or to-do (once) first claims its completion's unique `_id`, then
 * writes the task. Claiming first turns concurrent completions away at the claim, before
 * they contend for the task; a completion whose task write then fails releases its claim,
 * and one whose process died in between leaves a claim that expires (completion-store.ts).
 * Whatever happens to claims, the task write itself applies the rule again on the task as
 * stored, so a day is never completed twice.
 */
export async function completeTask(
  deps: HabitsDeps,
  actor: Actor,
  id: string,
): Promise<CompleteTaskResult> {
  const now = deps.now();
  // The completer's profile (their day) is read while the task is: neither waits for the
  // other. Awaited in `decide` and after; a failure surfaces there.
  const profileRead = deps.profiles.get(actor.userId);
  profileRead.catch(() => undefined);

  let claim: Claim | null = null;
  const decide = async (task: TaskDoc): Promise<TaskDecision<number>> => {
    const today = todayOf(await profileRead, now);
    const outcome = complete(task, today);
    if (!outcome.ok) throw refusal(outcome.reason, today);
    if (task.type !== 'habit' && !claim) {
      claim = await deps.completions.claim({
        _id: claimKey(task._id, task.type, today),
        taskId: task._id,
        completedBy: actor.id,
        day: today,
        at: now,
      });
      if (!claim)
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
    return { set, events: [event], result: xpEarned };
  };

  // A claim whose completion was not written must not refuse the next try; one left by a
  // failed release expires instead.
  const release = async () => {
    if (claim) await deps.completions.release(claim).catch(() => undefined);
  };
  const done = await deps.tasks.update(scopeOf(actor), id, decide).catch(async (err: unknown) => {
    await release();
    throw err;
  });
  if (!done) {
    await release();
    throw notFound('Task');
  }
  deps.relay.flush(deps.tasks.model, id, done.outbox);

  const progress = await awardXp(deps, actor, done.result, now, await profileRead);
  return {
    task: {
      id: done.task._id,
      streak: done.task.streak,
      updatedAt: done.task.updatedAt.toISOString(),
    },
    xpEarned: done.result,
    newLevel: progress.level,
    leveledUp: progress.leveledUp,
  };
}

const refusal = (reason: 'completed_today' | 'already_completed', today: string) =>
  reason === 'completed_today'
    ? conflict('This daily is already completed today', { rule: 'once_per_day', day: today })
    : conflict('This to-do is already completed', { rule: 'once' });

/**
 * Adds XP with one `$inc`; the level before and after come from the total it answers, so
 * the one completion whose XP crossed a level says `leveledUp`, and announces that level
 * (its event stored once per level, profile-store.ts). A slip earns nothing and writes
 * nothing: its level is the one read before.
 */
async function awardXp(
  deps: HabitsDeps,
  actor: Actor,
  xp: number,
  now: Date,
  before: ProfileState,
): Promise<{ level: number; leveledUp: boolean }> {
  if (xp === 0) return { level: levelFor(before.xp), leveledUp: false };
  const userId = actor.userId;
  const total = await deps.profiles.addXp(userId, xp, now);
  const level = levelFor(total);
  const previousLevel = levelFor(total - xp);
  if (level === previousLevel) return { level, leveledUp: false };
  const event = userLeveledUp(actor, { userId, level, previousLevel, xp: total });
  if (await deps.profiles.announceLevel(userId, level, event))
    deps.relay.flush(deps.profiles.model, userId);
  return { level, leveledUp: true };
}
