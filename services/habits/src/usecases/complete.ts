import {
  conflict,
  notFound,
  scopeOf,
  type Actor,
  type CompleteTaskResult,
} from '@momentum/contracts';
import { decideCompletion, type CompletionDecision } from '../domain/completion.js';
import { levelFor } from '../domain/levels.js';
import { todayOf } from '../domain/days.js';
import { claimKey, type Claim } from '../store/completion-store.js';
import type { PendingXp, TaskDoc } from '../store/models.js';
import type { TaskDecision } from '../store/task-store.js';
import { taskCompleted } from '../events/task-events.js';
import { awardXp } from './award-xp.js';
import type { HabitsDeps } from '../deps.js';

/**
 * Completes a task for the actor's today: the task's streak, counters, its
 * `task.completed` event and the XP it earned in one write decided on the task as read
 * (and decided again if another write got there first; the rules are
 * domain/completion.ts), then that XP applied to the actor's user, which may raise the
 * level (award-xp.ts: idempotent, and recovered from the task if this process dies
 * first). The write that takes the published event off the task also takes the applied
 * XP off. The completer earns the XP — for a team task, the member who did it.
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
  const { todayRead, profileRead } = readToday(deps, actor, now);

  let claim: Claim | null = null;
  const decide = async (task: TaskDoc): Promise<TaskDecision<PendingXp>> => {
    const today = await todayRead;
    const decision = decideCompletion(task, today, now);
    if (!decision.ok) throw refusal(decision.reason, today);
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
    return completionWrite(actor, task, today, now, decision);
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
  const xp = done.result;
  // The task's events go out now; their pull waits for the XP's settling, to be one write
  // with it (or goes alone when the XP does not get that far, or there is none).
  const pull = deps.outbox.flushHolding(deps.tasks.model, id, done.outbox);
  let joined = false;
  const settle = async (applied: PendingXp) => {
    joined = true;
    pull.join(deps.tasks.settlingXp(id, applied));
  };
  let progress: { level: number; leveledUp: boolean };
  try {
    progress = xp.xp
      ? await awardXp(deps, done.task._id, xp, settle)
      : {
          level: levelFor((await (profileRead ?? deps.profiles.get(actor.userId))).xp),
          leveledUp: false,
        };
  } finally {
    if (!joined) pull.alone();
  }
  return {
    task: {
      id: done.task._id,
      streak: done.task.streak,
      updatedAt: done.task.updatedAt.toISOString(),
    },
    xpEarned: xp.xp,
    newLevel: progress.level,
    leveledUp: progress.leveledUp,
  };
}

/**
 * The completer's day: from their day settings as this process saw them a moment ago
 * (settled-days.ts), else from their profile, read while the task is (neither waits for
 * the other; a failure surfaces where it is awaited).
 */
function readToday(deps: HabitsDeps, actor: Actor, now: Date) {
  const known = deps.settledDays.daySettings(actor.userId);
  const profileRead = known ? null : deps.profiles.get(actor.userId);
  const todayRead = profileRead
    ? profileRead.then((profile) => {
        const today = todayOf(profile, now);
        if (profile.settledDay === today) deps.settledDays.remember(actor.userId, profile, today);
        return today;
      })
    : Promise.resolve(todayOf(known!, now));
  todayRead.catch(() => undefined);
  return { todayRead, profileRead };
}

/** The task write of a decided completion: its changes, its event and the XP it carries. */
function completionWrite(
  actor: Actor,
  task: TaskDoc,
  today: string,
  now: Date,
  decision: CompletionDecision & { ok: true },
): TaskDecision<PendingXp> {
  const { xpEarned } = decision;
  const event = taskCompleted(actor, {
    id: task._id,
    userId: task.userId,
    teamId: task.teamId,
    type: task.type,
    completedBy: actor.id,
    day: today,
    streak: decision.streak,
    xpEarned,
    slip: decision.slip,
  });
  const actorRef = { type: actor.type, id: actor.id, userId: actor.userId };
  const xp: PendingXp = { id: event.id, actor: actorRef, xp: xpEarned, at: now };
  const set = decision.changes;
  // A slip earns nothing: nothing to carry.
  return xpEarned ? { set, events: [event], xp, result: xp } : { set, events: [event], result: xp };
}

const refusal = (reason: 'completed_today' | 'already_completed', today: string) =>
  reason === 'completed_today'
    ? conflict('This daily is already completed today', { rule: 'once_per_day', day: today })
    : conflict('This to-do is already completed', { rule: 'once' });
